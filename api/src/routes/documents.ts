import fs from 'node:fs'
import { expertSchema, idSchema, pageQuerySchema, updateDocumentSchema } from '@mw/sync-protocol'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { assertAdmin } from '../auth/actor.ts'
import { listDocuments, listPassages } from '../db/queries/documents.ts'
import { addDocuments, getDocument, remove, replaceFile, updateDocument } from '../documents/library.ts'
import { originalPath } from '../documents/originals.ts'
import { receiveFiles } from '../documents/upload.ts'
import { ApiError } from '../errors.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { pagedAnswer, pageRequest } from '../lib/paging.ts'
import { sendStoredFile } from '../lib/send-stored-file.ts'
import { validate } from '../middleware/validate.ts'

/**
 * The knowledge base's documents (an expert's manuals): any member reads them and opens the
 * originals; only an Admin adds, replaces, renames or deletes. Uploads answer 202 and are
 * processed in the background; the document's status and progress tell how it went.
 */
export const documentRoutes = new Hono<AppEnv>()

const documentId = (c: Context<AppEnv>) => {
  const id = c.req.param('id')
  if (!idSchema.safeParse(id).success) throw new ApiError('not_found', 'Document not found.')
  return id as string
}
const expertParam = validate('param', z.object({ expert: expertSchema, tenant: z.string() }))
const maxUploadBytes = (c: Context<AppEnv>) => c.get('deps').env.KB_MAX_UPLOAD_MB * 1024 * 1024

documentRoutes
  .get('/experts/:expert/documents', expertParam, validate('query', pageQuerySchema), async (c) => {
    const { db } = c.get('deps')
    const page = pageRequest(c.req.valid('query'), null)
    const documents = await listDocuments(db, c.get('actor').tenant, c.req.valid('param').expert, page)
    return pagedAnswer(c, { rows: documents, page, keyOf: (d) => [d.createdAt, d.id] }, (shown) => ({
      documents: shown,
    }))
  })
  .post('/experts/:expert/documents', expertParam, async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    const deps = c.get('deps')
    const files = await receiveFiles(c.req.raw, deps.env.documentsDir, maxUploadBytes(c))
    const documents = await addDocuments(deps, actor, c.req.valid('param').expert, files)
    return jsonAnswer(c, { documents }, { status: 202 })
  })
  .get('/documents/:id', async (c) => {
    return jsonAnswer(c, { document: await getDocument(c.get('deps'), c.get('actor').tenant, documentId(c)) })
  })
  .get(
    '/documents/:id/passages',
    validate('query', z.object({ page: z.coerce.number().int().min(1).optional() })),
    async (c) => {
      const deps = c.get('deps')
      const doc = await getDocument(deps, c.get('actor').tenant, documentId(c))
      return jsonAnswer(c, { passages: await listPassages(deps.db, doc.id, c.req.valid('query').page) })
    },
  )
  .get('/documents/:id/file', async (c) => {
    const deps = c.get('deps')
    const doc = await getDocument(deps, c.get('actor').tenant, documentId(c))
    const file = originalPath(deps.env.documentsDir, doc.sha256)
    if (!fs.existsSync(file)) throw new ApiError('not_found', 'The original file of this document is missing.')
    // Text formats go as attachments, which app.ts serves under a sandbox policy: an uploaded
    // HTML page never runs in the app's origin.
    const pdf = doc.contentType === 'application/pdf'
    return sendStoredFile(c, file, {
      fileName: doc.fileName,
      contentType: pdf ? doc.contentType : `${doc.contentType}; charset=utf-8`,
      sha256: doc.sha256,
      inline: pdf,
    })
  })
  .put('/documents/:id/file', async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    const deps = c.get('deps')
    const id = documentId(c)
    await getDocument(deps, actor.tenant, id)
    const files = await receiveFiles(c.req.raw, deps.env.documentsDir, maxUploadBytes(c))
    if (files.length !== 1) {
      for (const f of files) fs.rmSync(f.tempPath, { force: true })
      throw new ApiError('invalid_input', 'Send exactly one file to replace a document.', { field: 'file' })
    }
    return jsonAnswer(
      c,
      { document: await replaceFile(deps, actor, id, files[0] as (typeof files)[0]) },
      { status: 202 },
    )
  })
  .patch('/documents/:id', validate('json', updateDocumentSchema), async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    const document = await updateDocument(c.get('deps'), actor, documentId(c), c.req.valid('json'))
    return jsonAnswer(c, { document })
  })
  .delete('/documents/:id', async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    await remove(c.get('deps'), actor, documentId(c))
    return c.body(null, 204)
  })
