import fs from 'node:fs'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { cleanAttachment } from '../attachments/clean-file.ts'
import { isManagerOrAdmin } from '../auth/actor.ts'
import {
  bytesStillUsed,
  caseAttachments,
  deleteAttachment,
  findAttachment,
  insertAttachment,
  toAttachment,
} from '../db/queries/attachments.ts'
import { findVisibleCase } from '../db/queries/cases.ts'
import { originalPath, removeOriginal, storeOriginal } from '../documents/originals.ts'
import { ApiError, notFound } from '../errors.ts'
import { newId } from '../lib/ids.ts'
import { now } from '../lib/time.ts'

/**
 * Photos and files on a case: whoever may see the case adds and opens them; their author or a
 * Manager or Admin removes one. Images are re-encoded without metadata before they are kept.
 */
export const attachmentRoutes = new Hono<AppEnv>()
  .post('/cases/:id/attachments', async (c) => {
    const { db, env } = c.get('deps')
    const actor = c.get('actor')
    const found = await findVisibleCase(db, actor, c.req.param('id'))
    if (!found) throw notFound('The case')
    const body = await c.req.parseBody().catch(() => null)
    const file = body?.file
    if (!(file instanceof File)) {
      throw new ApiError('invalid_input', 'Send the file as multipart/form-data in a part named "file".', {
        field: 'file',
      })
    }
    const clean = await cleanAttachment(file.name, new Uint8Array(await file.arrayBuffer()))
    const row = {
      id: newId(),
      tenant_slug: actor.tenant,
      case_id: found.id,
      file_name: clean.fileName,
      content_type: clean.contentType,
      size: clean.bytes.length,
      sha256: storeOriginal(env.documentsDir, clean.bytes),
      created_by: actor.userId,
      created_at: now(),
    }
    await insertAttachment(db, row)
    return c.json({ attachment: toAttachment(row) }, 201)
  })
  .get('/cases/:id/attachments', async (c) => {
    const { db } = c.get('deps')
    const actor = c.get('actor')
    const found = await findVisibleCase(db, actor, c.req.param('id'))
    if (!found) throw notFound('The case')
    return c.json({ attachments: (await caseAttachments(db, actor.tenant, found.id)).map(toAttachment) })
  })
  .get('/attachments/:id/file', async (c) => {
    const { db, env } = c.get('deps')
    const actor = c.get('actor')
    const row = await findAttachment(db, actor.tenant, c.req.param('id'))
    if (!row || !(await findVisibleCase(db, actor, row.case_id))) throw notFound('The attachment')
    const file = originalPath(env.documentsDir, row.sha256)
    if (!fs.existsSync(file)) throw notFound('The attachment file')
    const ascii = row.file_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
    return c.body(new Uint8Array(fs.readFileSync(file)), 200, {
      'Content-Type': row.content_type,
      'Content-Length': String(row.size),
      'Content-Disposition': `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    })
  })
  .delete('/attachments/:id', async (c) => {
    const { db, env } = c.get('deps')
    const actor = c.get('actor')
    const row = await findAttachment(db, actor.tenant, c.req.param('id'))
    if (!row || !(await findVisibleCase(db, actor, row.case_id))) throw notFound('The attachment')
    if (row.created_by !== actor.userId && !isManagerOrAdmin(actor)) {
      throw new ApiError('forbidden', 'Only the person who added this file, a Manager or an Admin can remove it.')
    }
    await deleteAttachment(db, row.id)
    if (!(await bytesStillUsed(db, row.sha256))) removeOriginal(env.documentsDir, row.sha256)
    return c.body(null, 204)
  })
