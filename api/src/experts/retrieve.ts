import { documentUrl, type Expert, type Source } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { searchPassages } from '../db/queries/knowledge.ts'
import { matchExpression, scopeToken, searchTerms, termCoverage } from './search-terms.ts'

export const TOP_K = 5
/** Below this share of the question's words in the best passage, the knowledge base "has nothing relevant". */
export const RELEVANT_MIN = 0.5
/** A passage covering less than this share of the question is not shown as a source. */
const SOURCE_MIN = 0.34

export interface Retrieval {
  terms: string[]
  /** Relevant passages, best first (BM25 order); empty when nothing relevant was found. */
  sources: Source[]
  /** Share of the question's words found in the best passage, 0 to 1 (logged for the reports). */
  bestScore: number
}

/** BM25 finds the candidates; term coverage decides which are relevant enough to show and cite. */
export async function retrieve(
  db: Db,
  tenant: string,
  expert: Expert,
  query: string,
  limit = TOP_K,
): Promise<Retrieval> {
  const terms = searchTerms(query)
  const scope = scopeToken(tenant, expert)
  const anyTerm = matchExpression(scope, terms)
  if (!anyTerm) return { terms, sources: [], bestScore: 0 }
  // Passages with every word are found by intersecting short posting lists; only when there are
  // too few does the (slower, ranked over every match) any-word query fill the rest.
  let hits = await searchPassages(db, tenant, expert, matchExpression(scope, terms, true) as string, limit)
  if (hits.length < limit && terms.length > 1) {
    const seen = new Set(hits.map((h) => h.id))
    const more = await searchPassages(db, tenant, expert, anyTerm, limit)
    hits = [...hits, ...more.filter((h) => !seen.has(h.id))].slice(0, limit)
  }
  const scored = hits.map((hit) => ({
    hit,
    score: Math.round(termCoverage(`${hit.title}\n${hit.section ?? ''}\n${hit.text}`, terms) * 100) / 100,
  }))
  const bestScore = Math.max(0, ...scored.map((s) => s.score))
  const sources =
    bestScore < RELEVANT_MIN
      ? []
      : scored
          .filter((s) => s.score >= SOURCE_MIN)
          .map(({ hit, score }) => ({
            id: String(hit.id),
            title: hit.title,
            section: hit.section,
            page: hit.page,
            text: hit.text,
            score,
            documentId: hit.documentId,
            fileName: hit.fileName,
            url: documentUrl(tenant, hit.documentId, hit),
          }))
  return { terms, sources, bestScore }
}
