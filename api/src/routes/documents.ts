import fs from 'node:fs'
import { Readable } from 'node:stream'
import { expertSchema, idSchema, pageQuerySchema, renameDocumentSchema } from '@mw/sync-protocol'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { assertAdmin } from '../auth/actor.ts'
import { listDocuments, listPassages } from '../db/queries/documents.ts'
import { addDocuments, getDocument, remove, replaceFile, retitle } from '../documents/library.ts'
import { originalPath } from '../documents/originals.ts'
import { receiveFiles } from '../documents/upload.ts'
import { ApiError } from '../errors.ts'
import { pageOf, pageRequest } from '../lib/paging.ts'
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
    return c.json({ documents: pageOf(c, documents, page, (d) => [d.createdAt, d.id]) })
  })
  .post('/experts/:expert/documents', expertParam, async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    const deps = c.get('deps')
    const files = await receiveFiles(c.req.raw, deps.env.documentsDir, maxUploadBytes(c))
    const documents = await addDocuments(deps, actor, c.req.valid('param').expert, files)
    return c.json({ documents }, 202)
  })
  .get('/documents/:id', async (c) => {
    return c.json({ document: await getDocument(c.get('deps'), c.get('actor').tenant, documentId(c)) })
  })
  .get(
    '/documents/:id/passages',
    validate('query', z.object({ page: z.coerce.number().int().min(1).optional() })),
    async (c) => {
      const deps = c.get('deps')
      const doc = await getDocument(deps, c.get('actor').tenant, documentId(c))
      return c.json({ passages: await listPassages(deps.db, doc.id, c.req.valid('query').page) })
    },
  )
  .get('/documents/:id/file', async (c) => {
    const deps = c.get('deps')
    const doc = await getDocument(deps, c.get('actor').tenant, documentId(c))
    const file = originalPath(deps.env.documentsDir, doc.sha256)
    if (!fs.existsSync(file)) throw new ApiError('not_found', 'The original file of this document is missing.')
    return sendFile(c, file, doc)
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
    return c.json({ document: await replaceFile(deps, actor, id, files[0] as (typeof files)[0]) }, 202)
  })
  .patch('/documents/:id', validate('json', renameDocumentSchema), async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    const document = await retitle(c.get('deps'), actor, documentId(c), c.req.valid('json').title)
    return c.json({ document })
  })
  .delete('/documents/:id', async (c) => {
    const actor = c.get('actor')
    assertAdmin(actor)
    await remove(c.get('deps'), actor, documentId(c))
    return c.body(null, 204)
  })

/**
 * The original, whole or one byte range (the viewer fetches PDFs in pieces). Text formats go as
 * attachments, which app.ts serves under a sandbox policy: an uploaded HTML page never runs in
 * the app's origin.
 */
function sendFile(c: Context<AppEnv>, file: string, doc: { fileName: string; contentType: string; sha256: string }) {
  const size = fs.statSync(file).size
  const inline = doc.contentType === 'application/pdf'
  const ascii = doc.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const headers: Record<string, string> = {
    'Content-Type': doc.contentType === 'application/pdf' ? doc.contentType : `${doc.contentType}; charset=utf-8`,
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
    'Accept-Ranges': 'bytes',
    ETag: `"${doc.sha256}"`,
  }
  // A manual's bytes never change under its hash: a revalidation costs a 304, not the file.
  headers['Cache-Control'] = 'private, no-cache'
  if (
    c.req
      .header('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(headers.ETag as string)
  ) {
    return c.body(null, 304, headers)
  }
  const range = c.req.header('range')
  if (!range) {
    return c.body(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, 200, {
      ...headers,
      'Content-Length': String(size),
    })
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim())
  let start = match?.[1] ? Number(match[1]) : Number.NaN
  let end = match?.[2] ? Number(match[2]) : size - 1
  if (match && !match[1] && match[2]) {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  }
  end = Math.min(end, size - 1)
  if (!match || Number.isNaN(start) || start > end || start >= size) {
    return c.json(
      { error: { code: 'invalid_input', message: `The requested range is not inside this ${size}-byte file.` } },
      416,
      { 'Content-Range': `bytes */${size}` },
    )
  }
  return c.body(Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream, 206, {
    ...headers,
    'Content-Range': `bytes ${start}-${end}/${size}`,
    'Content-Length': String(end - start + 1),
  })
}
