import fs from 'node:fs'
import { ATTACHMENT_KINDS, type AttachmentKind, idSchema, LIMITS } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { cleanAttachment } from '../attachments/clean-file.ts'
import {
  caseAttachments,
  countCaseAttachments,
  findAttachment,
  findAttachmentOwner,
  insertAttachment,
  toAttachment,
} from '../db/queries/attachments.ts'
import { findVisibleCase } from '../db/queries/cases.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { deleteStagedUpload } from '../db/queries/staged-uploads.ts'
import { originalPath, storeOriginal } from '../documents/originals.ts'
import { ApiError, idTaken, notFound } from '../errors.ts'
import { readForm } from '../lib/form.ts'
import { newId } from '../lib/ids.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { sendStoredFile } from '../lib/send-stored-file.ts'
import { now } from '../lib/time.ts'
import { releaseStoredBytes, removeAttachment } from '../mutations/attachments.ts'
import { runMutation } from '../mutations/run-mutation.ts'
import { stagedFile } from './staged-uploads.ts'

/**
 * Photos and files on a case: whoever may see the case adds and opens them; their author or a
 * Manager or Admin removes one. Images are re-encoded without metadata before they are kept. A
 * device sends the id it gave the file, so an upload repeated after a dropped answer is
 * recognised (200 with the first one) instead of kept twice. A large file may have come in pieces
 * first (staged-uploads.ts): then `upload` names it instead of a `file` part.
 */
export const attachmentRoutes = new Hono<AppEnv>()
  .post('/cases/:id/attachments', async (c) => {
    const { db, env } = c.get('deps')
    const actor = c.get('actor')
    const found = await findVisibleCase(db, actor, c.req.param('id'))
    if (!found) throw notFound('The case')
    const form = await readForm(c.req.raw)
    const body = form && Object.fromEntries(form)
    const file = body?.file
    const upload = typeof body?.upload === 'string' ? body.upload : null
    if (!(file instanceof File) && !upload) {
      throw new ApiError(
        'invalid_input',
        'Send the file as multipart/form-data in a part named "file", or name an upload sent in pieces in "upload".',
        { field: 'file' },
      )
    }
    const id = formId(body?.id)
    const kind = formKind(body?.kind)
    if (id) {
      const taken = await findAttachmentOwner(db, id)
      if (taken?.case_id === found.id && taken.created_by === actor.userId) {
        return jsonAnswer(c, { attachment: toAttachment(taken) }, { status: 200 })
      }
      if (taken) throw idTaken('An attachment', 'id', taken.tenant_slug === actor.tenant)
    }
    if ((await countCaseAttachments(db, found.id)) >= LIMITS.attachmentsPerCase) {
      throw new ApiError('conflict', `A case can hold at most ${LIMITS.attachmentsPerCase} photos and files.`, {
        field: 'file',
      })
    }
    const clean =
      file instanceof File
        ? await cleanAttachment(file.name, new Uint8Array(await file.arrayBuffer()))
        : await cleanAttachment(String(body?.fileName ?? ''), await stagedFile(db, actor, upload ?? ''))
    if (kind === 'signature' && !clean.contentType.startsWith('image/')) {
      throw new ApiError('unsupported_media_type', 'A signature must be an image.', { field: 'file' })
    }
    const row = {
      id: id ?? newId(),
      tenant_slug: actor.tenant,
      case_id: found.id,
      file_name: clean.fileName,
      content_type: clean.contentType,
      size: clean.bytes.length,
      sha256: storeOriginal(env.documentsDir, clean.bytes),
      kind,
      created_by: actor.userId,
      created_at: now(),
    }
    await db.transaction().execute(async (trx) => {
      await insertAttachment(trx, row)
      await recordChange(trx, actor.tenant, 'attachment', row.id)
      if (upload) await deleteStagedUpload(trx, upload)
    })
    return jsonAnswer(c, { attachment: toAttachment(row) }, { status: 201 })
  })
  .get('/cases/:id/attachments', async (c) => {
    const { db } = c.get('deps')
    const actor = c.get('actor')
    const found = await findVisibleCase(db, actor, c.req.param('id'))
    if (!found) throw notFound('The case')
    return jsonAnswer(c, { attachments: (await caseAttachments(db, actor.tenant, found.id)).map(toAttachment) })
  })
  .get('/attachments/:id/file', async (c) => {
    const { db, env } = c.get('deps')
    const actor = c.get('actor')
    const row = await findAttachment(db, actor.tenant, c.req.param('id'))
    if (!row || !(await findVisibleCase(db, actor, row.case_id))) throw notFound('The attachment')
    const file = originalPath(env.documentsDir, row.sha256)
    if (!fs.existsSync(file)) throw notFound('The attachment file')
    return sendStoredFile(c, file, {
      fileName: row.file_name,
      contentType: row.content_type,
      sha256: row.sha256,
      inline: true,
    })
  })
  .delete('/attachments/:id', async (c) => {
    const deps = c.get('deps')
    const actor = c.get('actor')
    const removed = await runMutation(deps.db, (trx) => removeAttachment(trx, actor, { id: c.req.param('id') }))
    // The sync path counts a file gone or out of sight as removed; asked directly, it is not found.
    if (!removed) throw notFound('The attachment')
    await releaseStoredBytes(deps, removed.sha256)
    return c.body(null, 204)
  })

function formId(value: unknown): string | undefined {
  if (value === undefined) return undefined
  const parsed = idSchema.safeParse(value)
  if (!parsed.success) throw new ApiError('invalid_input', 'The id must be a UUID.', { field: 'id' })
  return parsed.data
}

function formKind(value: unknown): AttachmentKind {
  if (value === undefined) return 'file'
  const kind = ATTACHMENT_KINDS.find((k) => k === value)
  if (!kind)
    throw new ApiError('invalid_input', `The kind must be one of: ${ATTACHMENT_KINDS.join(', ')}.`, { field: 'kind' })
  return kind
}
