/**
 * Keeping an expert's manuals on the device for answering offline. Brought up to date document
 * by document: only manuals added, replaced or renamed since the last time are fetched, removed
 * ones are dropped, and a dropped connection resumes from the next missing manual.
 */
import {
  type DocumentPassage,
  documentListSchema,
  documentPassagesSchema,
  type Expert,
  type KbDocument,
} from '@mw/sync-protocol'
import type { LocalDb } from '../db/local-db.ts'
import { apiRequest } from '../lib/api-client.ts'

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
): Promise<void> {
  const key = `${db.name}:${expert}`
  const current = running.get(key)
  if (current) return current
  const run = bringUpToDate(db, tenant, expert, onProgress).finally(() => running.delete(key))
  running.set(key, run)
  return run
}

async function bringUpToDate(
  db: LocalDb,
  tenant: string,
  expert: Expert,
  onProgress: (progress: KeepProgress) => void,
): Promise<void> {
  // Read first: a change that lands while downloading leaves this copy marked as behind.
  const library = await db.knowledge.get(expert)
  const { documents } = await apiRequest('GET', `/api/t/${tenant}/experts/${expert}/documents`, documentListSchema, {
    timeoutMs: 20_000,
  })
  const ready = documents.filter((d) => d.status === 'ready')
  const kept = await db.keptDocuments.where('expert').equals(expert).toArray()
  const gone = kept.filter((k) => {
    const doc = ready.find((d) => d.id === k.id)
    return !doc || !unchanged(k, doc)
  })
  await db.transaction('rw', db.keptDocuments, db.keptTexts, async () => {
    await db.keptTexts.bulkDelete(gone.map((k) => k.id))
    await db.keptDocuments.bulkDelete(gone.map((k) => k.id))
  })
  const stillKept = new Set(kept.filter((k) => !gone.includes(k)).map((k) => k.id))
  const missing = ready.filter((d) => !stillKept.has(d.id))
  let done = ready.length - missing.length
  onProgress({ done, total: ready.length })
  // A few manuals at a time: on a 600 ms satellite round trip, one at a time is mostly waiting.
  const queue = [...missing]
  let failed = false
  const lane = async () => {
    for (let doc = queue.shift(); doc && !failed; doc = queue.shift()) {
      await keepDocument(db, tenant, expert, doc).catch((error: unknown) => {
        failed = true
        throw error
      })
      onProgress({ done: ++done, total: ready.length })
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, queue.length) }, lane))
  const all = await db.keptDocuments.where('expert').equals(expert).toArray()
  await db.keptExperts.put({
    expert,
    updatedAt: new Date().toISOString(),
    documents: all.length,
    passages: all.reduce((sum, d) => sum + d.passages, 0),
    bytes: all.reduce((sum, d) => sum + d.bytes, 0),
    libraryChangedAt: library?.changedAt,
  })
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
    })
  })
}

/** Forgets an expert's kept manuals. */
export async function forgetKnowledge(db: LocalDb, expert: Expert): Promise<void> {
  await db.transaction('rw', db.keptDocuments, db.keptTexts, db.keptExperts, async () => {
    await db.keptTexts.where('expert').equals(expert).delete()
    await db.keptDocuments.where('expert').equals(expert).delete()
    await db.keptExperts.delete(expert)
  })
}

/** A kept manual as the document viewer shows it, read from the device (null when not kept). */
export async function readKeptDocument(
  db: LocalDb,
  id: string,
): Promise<{ doc: KbDocument; passages: DocumentPassage[] } | null> {
  const kept = await db.keptDocuments.get(id)
  if (!kept) return null
  const rows = (await db.keptTexts.get(id))?.passages ?? []
  const pages = Math.max(0, ...rows.map((r) => r.page ?? 0))
  const doc: KbDocument = {
    id,
    expert: kept.expert,
    title: kept.title,
    fileName: kept.fileName,
    contentType: '',
    size: kept.bytes,
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
  }
  return { doc, passages: rows }
}
