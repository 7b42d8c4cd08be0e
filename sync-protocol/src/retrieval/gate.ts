import type { Source } from '../conversations.ts'
import { documentUrl } from '../document-url.ts'
import { termCoverage } from './terms.ts'

export const TOP_K = 5
/** Below this share of the question's words in the best passage, the knowledge base "has nothing relevant". */
export const RELEVANT_MIN = 0.5
/** A passage covering less than this share of the question is not shown as a source. */
const SOURCE_MIN = 0.34

/** A passage BM25 found (on the server through FTS5, on the device through bm25.ts). */
export interface Candidate {
  id: string
  documentId: string
  fileName: string
  ordinal: number
  title: string
  section: string | null
  page: number | null
  text: string
}

export interface Retrieval {
  terms: string[]
  /** Relevant passages, best first (BM25 order); empty when nothing relevant was found. */
  sources: Source[]
  /** Share of the question's words found in the best passage, 0 to 1 (logged for the reports). */
  bestScore: number
}

/** BM25 found the candidates; term coverage decides which are relevant enough to show and cite. */
export function gateCandidates(tenant: string, terms: string[], candidates: Candidate[]): Retrieval {
  const scored = candidates.map((hit) => ({
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
            id: hit.id,
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
