/**
 * What an Admin does to an expert's documents (add, replace the file, rename, delete), and how
 * the starter packs and the `kb:ingest` CLI add theirs: every way in stores the original by
 * content hash, writes a `processing` document and queues it; processing does the rest.
 */
import fs from 'node:fs'
import type { Expert, KbDocument } from '@mw/sync-protocol'
import type { AppDeps } from '../app-env.ts'
import type { Actor } from '../auth/actor.ts'
import { bytesStillUsed } from '../db/queries/attachments.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { setDocumentModels } from '../db/queries/document-models.ts'
import {
  deleteDocument,
  findDocument,
  findDocumentByHash,
  findDocumentByKey,
  insertDocument,
  renameDocument,
  replaceDocumentFile,
} from '../db/queries/documents.ts'
import { ApiError } from '../errors.ts'
import { newId } from '../lib/ids.ts'
import { stripHtml } from '../lib/sanitize.ts'
import { now } from '../lib/time.ts'
import { cleanFileName, contentTypeOf, titleFromFileName } from './file-types.ts'
import { keepOriginal, removeOriginal, storeOriginal } from './originals.ts'
import { queueProcessing } from './process.ts'
import type { ReceivedFile } from './upload.ts'

type Deps = Pick<AppDeps, 'db' | 'env' | 'log'>

// Named by the title the admin sees in the list; a document id means nothing to them.
const alreadyThere = (existing: { title: string }) =>
  new ApiError('conflict', `This file is already in the knowledge base as "${existing.title}".`, { field: 'file' })

const notFound = () => new ApiError('not_found', 'Document not found.')

export async function getDocument(deps: Deps, tenant: string, id: string): Promise<KbDocument> {
  const doc = await findDocument(deps.db, tenant, id)
  if (!doc) throw notFound()
  return doc
}

/** Adds uploaded files to an expert: all or none (a duplicate refuses the whole upload). */
export async function addDocuments(
  deps: Deps,
  actor: Actor,
  expert: Expert,
  files: ReceivedFile[],
): Promise<KbDocument[]> {
  const ids: string[] = []
  try {
    const seen = new Map<string, string>()
    for (const file of files) {
      const existing = await findDocumentByHash(deps.db, actor.tenant, expert, file.sha256)
      if (existing) throw alreadyThere(existing)
      const twin = seen.get(file.sha256)
      if (twin) throw new ApiError('conflict', `"${file.fileName}" and "${twin}" are the same file.`, { field: 'file' })
      seen.set(file.sha256, file.fileName)
    }
    await deps.db.transaction().execute(async (trx) => {
      for (const file of files) {
        const id = newId()
        const at = now()
        await insertDocument(trx, {
          id,
          tenant_slug: actor.tenant,
          expert,
          source_path: `doc:${id}`,
          title: titleFromFileName(file.fileName),
          content_hash: file.sha256,
          file_name: file.fileName,
          content_type: file.contentType,
          size: file.size,
          status: 'processing',
          created_by: actor.userId,
          created_at: at,
          updated_at: at,
        })
        ids.push(id)
      }
    })
  } catch (error) {
    for (const file of files) fs.rmSync(file.tempPath, { force: true })
    throw error
  }
  for (const file of files) keepOriginal(deps.env.documentsDir, file.tempPath, file.sha256)
  for (const id of ids) void queueProcessing(deps, id)
  return Promise.all(ids.map((id) => getDocument(deps, actor.tenant, id)))
}

/** A new edition: same id, new file, processed again. Answers given earlier keep their sources. */
export async function replaceFile(deps: Deps, actor: Actor, id: string, file: ReceivedFile): Promise<KbDocument> {
  const doc = await findDocument(deps.db, actor.tenant, id)
  const refuse = (error: ApiError) => {
    fs.rmSync(file.tempPath, { force: true })
    throw error
  }
  if (!doc) return refuse(notFound())
  const existing = await findDocumentByHash(deps.db, actor.tenant, doc.expert, file.sha256, id)
  if (existing) return refuse(alreadyThere(existing))
  keepOriginal(deps.env.documentsDir, file.tempPath, file.sha256)
  await replaceDocumentFile(deps.db, id, { ...file, at: now() })
  await recordChange(deps.db, actor.tenant, 'knowledge', doc.expert)
  await forgetOriginalIfUnused(deps, doc.sha256)
  void queueProcessing(deps, id)
  return getDocument(deps, actor.tenant, id)
}

/** A new title and/or the models the manual covers (plain text, each once). */
export async function updateDocument(
  deps: Deps,
  actor: Actor,
  id: string,
  change: { title?: string; models?: string[] },
): Promise<KbDocument> {
  const doc = await getDocument(deps, actor.tenant, id)
  const models = change.models && [...new Set(change.models.map(stripHtml).filter(Boolean))]
  await deps.db.transaction().execute(async (trx) => {
    if (change.title !== undefined) await renameDocument(trx, id, change.title, now())
    if (models) await setDocumentModels(trx, id, models, now())
    await recordChange(trx, actor.tenant, 'knowledge', doc.expert)
  })
  return getDocument(deps, actor.tenant, id)
}

export async function remove(deps: Deps, actor: Actor, id: string): Promise<void> {
  const doc = await getDocument(deps, actor.tenant, id)
  await deps.db.transaction().execute(async (trx) => {
    await deleteDocument(trx, id)
    await recordChange(trx, actor.tenant, 'knowledge', doc.expert)
  })
  await forgetOriginalIfUnused(deps, doc.sha256)
}

async function forgetOriginalIfUnused(deps: Deps, sha256: string) {
  if (!(await bytesStillUsed(deps.db, sha256))) removeOriginal(deps.env.documentsDir, sha256)
}

/**
 * The starter packs and `kb:ingest`: a file from the server's disk, kept under a stable key (the
 * pack's name, or the file's name for the CLI; never its path), added or replaced as a new edition
 * when its bytes changed. Processing runs to its end before this returns.
 */
export async function addFromDisk(
  deps: Deps,
  target: { tenant: string; expert: Expert; key: string },
  fileName: string,
  bytes: Uint8Array,
): Promise<{ id: string; status: 'added' | 'replaced' | 'unchanged' }> {
  const name = cleanFileName(fileName)
  const contentType = contentTypeOf(name)
  if (!contentType) throw new ApiError('unsupported_media_type', `"${name}" is not a PDF, HTML, Markdown or text file.`)
  const sha256 = storeOriginal(deps.env.documentsDir, bytes)
  const existing = await findDocumentByKey(deps.db, target.tenant, target.expert, target.key)
  if (existing?.content_hash === sha256) return { id: existing.id, status: 'unchanged' }
  const at = now()
  const file = { fileName: name, contentType, size: bytes.length, sha256, at }
  let id = existing?.id
  if (id) {
    await replaceDocumentFile(deps.db, id, file)
    await forgetOriginalIfUnused(deps, existing?.content_hash ?? '')
  } else {
    id = newId()
    await insertDocument(deps.db, {
      id,
      tenant_slug: target.tenant,
      expert: target.expert,
      source_path: target.key,
      title: titleFromFileName(name),
      content_hash: sha256,
      file_name: name,
      content_type: contentType,
      size: bytes.length,
      status: 'processing',
      created_by: null,
      created_at: at,
      updated_at: at,
    })
  }
  await queueProcessing(deps, id)
  return { id, status: existing ? 'replaced' : 'added' }
}
