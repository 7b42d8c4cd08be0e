import type { Expert } from '@mw/sync-protocol'
import { gateCandidates, type Retrieval, searchTerms, TOP_K } from '@mw/sync-protocol/retrieval'
import type { Db } from '../db/database.ts'
import { searchPassages } from '../db/queries/knowledge.ts'
import { matchExpression, scopeToken } from './search-terms.ts'

export type { Retrieval }

/** FTS5's BM25 finds the candidates; the shared gate decides which are relevant enough to show and cite. */
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
  return gateCandidates(
    tenant,
    terms,
    hits.map((h) => ({ ...h, id: String(h.id) })),
  )
}
