/**
 * Answers a question from the manuals kept on this device, off the main thread: the retrieval
 * core the server uses (BM25 scored like its FTS5, the same re-ranking, gate and built-in answerer).
 * The index is built once per expert and kept until the kept manuals change.
 */
import type { Expert } from '@mw/sync-protocol'
import {
  type Bm25Index,
  buildIndex,
  type Candidate,
  localAnswerLines,
  retrieveKept,
  withoutNames,
} from '@mw/sync-protocol/retrieval'
import { type LocalDb, openLocalDb } from '../../db/local-db.ts'
import { answerLinesToHtml } from './answer-html.ts'
import { caseFocus } from './case-focus.ts'
import { caseVessels } from './case-vessels.ts'

export interface OfflineQuestion {
  id: number
  userId: string
  tenant: string
  expert: Expert
  query: string
  /** Its conversation: when a case links it, that case's manuals are cited first. */
  conversationId?: string
}

/** Every kept passage of the expert, in the retrieval core's shape. */
async function keptCandidates(db: LocalDb, expert: Expert): Promise<Candidate[]> {
  const documents = new Map((await db.keptDocuments.where('expert').equals(expert).toArray()).map((d) => [d.id, d]))
  return (await db.keptTexts.where('expert').equals(expert).toArray()).flatMap(({ documentId, passages }) => {
    const doc = documents.get(documentId)
    if (!doc) return []
    return passages.map((p) => ({
      ...p,
      id: `${documentId}:${p.ordinal}`,
      documentId,
      fileName: doc.fileName,
      title: doc.title,
    }))
  })
}

const indexes = new Map<string, { version: string; index: Bm25Index }>()

async function answer({ userId, tenant, expert, query, conversationId }: OfflineQuestion) {
  const db = openLocalDb(userId, tenant)
  const kept = await db.keptExperts.get(expert)
  if (!kept) return null
  const key = `${userId}/${tenant}/${expert}`
  let entry = indexes.get(key)
  if (entry?.version !== kept.updatedAt) {
    entry = {
      version: kept.updatedAt,
      index: buildIndex(await keptCandidates(db, expert)),
    }
    indexes.set(key, entry)
  }
  const synonyms = (await db.knowledge.get(expert))?.synonyms ?? []
  const focus = await caseFocus(db, expert, conversationId)
  const asked = withoutNames(query, await caseVessels(db))
  const retrieval = retrieveKept(tenant, entry.index, asked, synonyms, focus?.documents)
  const cited = focus && retrieval.sources.some((s) => s.documentId && focus.documents.has(s.documentId))
  return {
    content: answerLinesToHtml(localAnswerLines(expert, retrieval, false)),
    sources: retrieval.sources,
    focus: cited ? focus.units : [],
  }
}

self.onmessage = (event: MessageEvent<OfflineQuestion>) => {
  answer(event.data).then(
    (result) => self.postMessage({ id: event.data.id, result }),
    (error: unknown) => self.postMessage({ id: event.data.id, result: null, error: String(error) }),
  )
}
