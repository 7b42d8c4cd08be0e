/**
 * Keeping an expert's manuals on the device for answering offline (and, when the user chooses,
 * their original PDFs for the page view). Brought up to date document by document: only manuals
 * added, replaced or renamed since the last time are fetched, removed ones are dropped, and a
 * dropped connection resumes from the next missing manual.
 */
import {
  type DocumentPassage,
  documentFileUrl,
  documentListSchema,
  documentPassagesSchema,
  type Expert,
  type KbDocument,
} from '@mw/sync-protocol'
import type { LocalDb } from '../db/local-db.ts'
import { apiFetch, apiRequest } from '../lib/api-client.ts'

export interface KeepProgress {
  done: number
  total: number
}

const unchanged = (kept: { sha256: string; updatedAt: string }, doc: KbDocument) =>
  kept.sha256 === doc.sha256 && kept.updatedAt === doc.updatedAt

const running = new Map<string, Promise<void>>()
const PARALLEL_DOWNLOADS = 4

/**
 * Brings an expert's kept manuals up to date with the library. One run per expert at a time: a
 * second call while one runs (the Update button during an automatic update) joins it.
 */
export function keepKnowledge(
  db: LocalDb,
  tenant: string,
  expert: Expert,
  onProgress: (progress: KeepProgress) => void = () => {},
  choice: { originals?: boolean } = {},
): Promise<void> {
  const key = `${db.name}:${expert}`
  const current = running.get(key)
  if (current) return current
  const run = bringUpToDate(db, tenant, expert, onProgress, choice).finally(() => running.delete(key))
  running.set(key, run)
  return run
}

async function bringUpToDate(
  db: LocalDb,
  tenant: string,
  expert: Expert,
  onProgress: (progress: KeepProgress) => void,
  choice: { originals?: boolean },
): Promise<void> {
  // Read first: a change that lands while downloading leaves this copy marked as behind.
  const library = await db.knowledge.get(expert)
  const withOriginals = choice.originals ?? (await db.keptExperts.get(expert))?.originals ?? false
  const { documents } = await apiRequest('GET', `/api/t/${tenant}/experts/${expert}/documents`, documentListSchema, {
    timeoutMs: 20_000,
  })
  const ready = documents.filter((d) => d.status === 'ready')
  const kept = await db.keptDocuments.where('expert').equals(expert).toArray()
  const gone = kept.filter((k) => {
    const doc = ready.find((d) => d.id === k.id)
    return !doc || !unchanged(k, doc)
  })
  await db.transaction('rw', db.keptDocuments, db.keptTexts, db.keptOriginals, async () => {
    const ids = gone.map((k) => k.id)
    await db.keptTexts.bulkDelete(ids)
    await db.keptDocuments.bulkDelete(ids)
    await db.keptOriginals.bulkDelete(ids)
    if (!withOriginals) await db.keptOriginals.where('expert').equals(expert).delete()
  })
  const stillKept = new Set(kept.filter((k) => !gone.includes(k)).map((k) => k.id))
  const haveOriginal = new Set((await db.keptOriginals.where('expert').equals(expert).primaryKeys()) as string[])
  const pdfs = withOriginals ? ready.filter((d) => d.contentType === 'application/pdf') : []
  const tasks = [
    ...ready.filter((d) => !stillKept.has(d.id)).map((doc) => () => keepDocument(db, tenant, expert, doc)),
    ...pdfs.filter((d) => !haveOriginal.has(d.id)).map((doc) => () => keepOriginal(db, tenant, expert, doc)),
  ]
  const total = ready.length + pdfs.length
  let done = total - tasks.length
  onProgress({ done, total })
  // A few files at a time: on a 600 ms satellite round trip, one at a time is mostly waiting.
  let failed = false
  const lane = async () => {
    for (let task = tasks.shift(); task && !failed; task = tasks.shift()) {
      await task().catch((error: unknown) => {
        failed = true
        throw error
      })
      onProgress({ done: ++done, total })
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, tasks.length) }, lane))
  const originals = await db.keptOriginals.where('expert').equals(expert).toArray()
  const all = await db.keptDocuments.where('expert').equals(expert).toArray()
  await db.keptExperts.put({
    expert,
    updatedAt: new Date().toISOString(),
    documents: all.length,
    passages: all.reduce((sum, d) => sum + d.passages, 0),
    bytes: all.reduce((sum, d) => sum + d.bytes, 0),
    libraryChangedAt: library?.changedAt,
    originals: withOriginals,
    originalBytes: originals.reduce((sum, o) => sum + o.bytes.byteLength, 0),
  })
}

/** A manual's original PDF, for drawing its pages at sea. */
async function keepOriginal(db: LocalDb, tenant: string, expert: Expert, doc: KbDocument) {
  const res = await apiFetch('GET', documentFileUrl(tenant, doc.id), { timeoutMs: 300_000 })
  const bytes = await res.arrayBuffer()
  await db.keptOriginals.put({ documentId: doc.id, expert, contentType: doc.contentType, bytes })
}

/** One manual's passages, stored with its record in one transaction: kept whole or not at all. */
async function keepDocument(db: LocalDb, tenant: string, expert: Expert, doc: KbDocument) {
  const { passages } = await apiRequest(
    'GET',
    `/api/t/${tenant}/documents/${doc.id}/passages`,
    documentPassagesSchema,
    {
      timeoutMs: 60_000,
    },
  )
  const bytes = passages.reduce((sum, p) => sum + p.text.length + (p.section?.length ?? 0), doc.title.length)
  await db.transaction('rw', db.keptDocuments, db.keptTexts, async () => {
    await db.keptTexts.put({ documentId: doc.id, expert, passages })
    await db.keptDocuments.put({
      id: doc.id,
      expert,
      title: doc.title,
      fileName: doc.fileName,
      sha256: doc.sha256,
      updatedAt: doc.updatedAt,
      passages: passages.length,
      bytes,
      models: doc.models,
    })
  })
}

/** Forgets an expert's kept manuals. */
export async function forgetKnowledge(db: LocalDb, expert: Expert): Promise<void> {
  await db.transaction('rw', db.keptDocuments, db.keptTexts, db.keptOriginals, db.keptExperts, async () => {
    await db.keptTexts.where('expert').equals(expert).delete()
    await db.keptOriginals.where('expert').equals(expert).delete()
    await db.keptDocuments.where('expert').equals(expert).delete()
    await db.keptExperts.delete(expert)
  })
}

/** Drops an expert's kept originals, keeping the manuals' text for answers. */
export async function forgetOriginals(db: LocalDb, expert: Expert): Promise<void> {
  await db.transaction('rw', db.keptOriginals, db.keptExperts, async () => {
    await db.keptOriginals.where('expert').equals(expert).delete()
    await db.keptExperts.update(expert, { originals: false, originalBytes: 0 })
  })
}

/** A kept manual as the document viewer shows it, read from the device (null when not kept). */
export async function readKeptDocument(
  db: LocalDb,
  id: string,
): Promise<{ doc: KbDocument; passages: DocumentPassage[]; original: ArrayBuffer | null } | null> {
  const kept = await db.keptDocuments.get(id)
  if (!kept) return null
  const rows = (await db.keptTexts.get(id))?.passages ?? []
  const original = await db.keptOriginals.get(id)
  const pages = Math.max(0, ...rows.map((r) => r.page ?? 0))
  const doc: KbDocument = {
    id,
    expert: kept.expert,
    title: kept.title,
    fileName: kept.fileName,
    contentType: original?.contentType ?? '',
    size: original?.bytes.byteLength ?? kept.bytes,
    sha256: kept.sha256,
    status: 'ready',
    pages: pages > 0 ? pages : null,
    pagesDone: pages,
    passages: rows.length,
    error: null,
    warning: null,
    createdAt: kept.updatedAt,
    updatedAt: kept.updatedAt,
    createdBy: null,
    createdByName: null,
    models: [],
  }
  return { doc, passages: rows, original: original?.bytes ?? null }
}
