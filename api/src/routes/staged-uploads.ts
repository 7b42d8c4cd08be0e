import { idSchema, LIMITS } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import {
  appendChunk,
  createStagedUpload,
  findStagedUpload,
  openStagedUploads,
  stagedBytes,
} from '../db/queries/staged-uploads.ts'
import { ApiError, notFound } from '../errors.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { now } from '../lib/time.ts'

const OPEN_UPLOADS_MAX = 10

/**
 * Large files in pieces (PUT /uploads/{id}/chunks/{start}, raw bytes), so an upload a dropped
 * satellite link cut resumes where the server's copy ends (GET /uploads/{id} says how much it
 * has). The id is the attachment's, made on the device; only its sender may add to it or use it.
 */
export const stagedUploadRoutes = new Hono<AppEnv>()
  .get('/uploads/:id', async (c) => {
    const staged = await ownStaged(c.get('deps').db, c.get('actor'), c.req.param('id'))
    if (!staged) throw notFound('The upload')
    return jsonAnswer(c, { received: staged.received })
  })
  .put('/uploads/:id/chunks/:start', async (c) => {
    const { db } = c.get('deps')
    const actor = c.get('actor')
    const id = idSchema.safeParse(c.req.param('id'))
    const start = Number(c.req.param('start'))
    if (!id.success) throw new ApiError('invalid_input', 'The upload id must be a UUID.', { field: 'id' })
    if (!Number.isSafeInteger(start) || start < 0) {
      throw new ApiError('invalid_input', 'A piece starts at a whole number of bytes.', { field: 'start' })
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer())
    if (bytes.length === 0 || bytes.length > LIMITS.uploadChunkBytes) {
      throw new ApiError('invalid_input', `Send pieces of 1 to ${LIMITS.uploadChunkBytes} bytes.`, { field: 'body' })
    }
    if (start + bytes.length > LIMITS.attachmentPdfMaxBytes) {
      throw new ApiError('payload_too_large', 'A file sent in pieces can be at most 25 MB.', { field: 'body' })
    }
    const received = await db.transaction().execute(async (trx) => {
      const existing = await findStagedUpload(trx, id.data)
      if (existing && (existing.tenant_slug !== actor.tenant || existing.user_id !== actor.userId)) {
        throw notFound('The upload')
      }
      const have = existing?.received ?? 0
      if (start !== have) {
        throw new ApiError('conflict', `The server has ${have} bytes of this upload: send the piece starting there.`, {
          field: 'start',
        })
      }
      if (!existing) {
        // Each open upload may hold 25 MB until it is pruned: a person has a few at a time.
        if ((await openStagedUploads(trx, actor.userId)) >= OPEN_UPLOADS_MAX) {
          throw new ApiError('conflict', `Finish the ${OPEN_UPLOADS_MAX} files already being sent first.`, {
            field: 'id',
          })
        }
        await createStagedUpload(trx, { id: id.data, tenant: actor.tenant, userId: actor.userId, at: now() })
      }
      await appendChunk(trx, id.data, start, bytes, now())
      return start + bytes.length
    })
    return jsonAnswer(c, { received })
  })

async function ownStaged(db: Db, actor: Actor, id: string) {
  const staged = await findStagedUpload(db, id)
  return staged && staged.tenant_slug === actor.tenant && staged.user_id === actor.userId ? staged : undefined
}

/** The whole file of an upload sent in pieces (the caller deletes it once the file is kept). */
export async function stagedFile(db: Db, actor: Actor, id: string): Promise<Uint8Array> {
  if (!(await ownStaged(db, actor, id))) {
    throw new ApiError('not_found', 'No upload with this id was sent in pieces.', { field: 'upload' })
  }
  return stagedBytes(db, id)
}
