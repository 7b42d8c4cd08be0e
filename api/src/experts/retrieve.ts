import type { Expert } from '@mw/sync-protocol'
import {
  allowedEdits,
  closestWord,
  codeWords,
  expandTerms,
  joinedSpellings,
  meantAsWritten,
  misspeltStem,
  ofDocumentedFamily,
  POOL_SIZE,
  type QueryTerm,
  type Retrieval,
  rankCandidates,
  searchTerms,
  splitSpellings,
  type TermStats,
  TOP_K,
  tokens,
  unheldCode,
  withAsides,
  withAsked,
  withoutNames,
  withUnits,
} from '@mw/sync-protocol/retrieval'
import type { Db } from '../db/database.ts'
import { caseVessels } from '../db/queries/cases.ts'
import { passagesByIds } from '../db/queries/embeddings.ts'
import {
  documentFrequencies,
  documentsHolding,
  expertCounts,
  type PassageHit,
  searchPassages,
  vocabularyFrom,
} from '../db/queries/knowledge.ts'
import { expertSynonyms } from '../db/queries/synonyms.ts'
import type { DenseHit } from '../embeddings/dense-search.ts'
import { poolForms } from './search-terms.ts'

export type { Retrieval }

export interface RetrieveOptions {
  /** Passages nearest the question by meaning (dense retrieval), best first; null when unavailable. */
  dense?: (query: string) => Promise<DenseHit[] | null>
  /** Documents to cite first when relevant: the manuals of the equipment the question is about. */
  preferDocuments?: ReadonlySet<string>
}

/**
 * With the names of the tenant's vessels left out of the question (names.ts), FTS5's BM25 finds
 * a pool of candidates for any spelling of the question's words (the admin's and the shipped
 * synonyms, words the manuals write together or apart, corrected typos), fused with the nearest
 * passages by meaning when the tenant chose an embedding model; the shared re-ranking and gate
 * decide what to cite.
 */
export async function retrieve(
  db: Db,
  tenant: string,
  expert: Expert,
  question: string,
  limit = TOP_K,
  options: RetrieveOptions = {},
): Promise<Retrieval> {
  const query = withoutNames(question, await caseVessels(db, tenant))
  const words = searchTerms(query)
  if (words.length === 0) return { terms: [], sources: [], bestScore: 0 }
  const joins = joinedSpellings(query, words)
  const synonymous = expandTerms(words, await expertSynonyms(db, tenant, expert))
  const frequencies = await documentFrequencies(db, tenant, expert, [...stemsOf(synonymous), ...joins.stems])
  const df = (stem: string) => frequencies.get(stem) ?? 0
  const joined = joins.withKnown(synonymous, df)
  const asWritten = meantAsWritten(query)
  const splits = splitSpellings(joined, asWritten)
  if (splits.stems.length > 0) {
    for (const [stem, n] of await documentFrequencies(db, tenant, expert, splits.stems)) frequencies.set(stem, n)
  }
  const spelt = splits.withKnown(joined, df)
  const corrected = await correctTypos(db, { tenant, expert }, spelt, frequencies, asWritten)
  await markUndocumented(db, { tenant, expert }, corrected, codeWords(query), frequencies)
  const terms = withAsides(query, withUnits(query, withAsked(query, corrected)))
  const holding = await documentsHolding(db, tenant, expert, stemsOf(terms.filter((term) => term.unit)))
  const none = new Set<string>()
  const stats: TermStats = {
    ...(await expertCounts(db, tenant, expert)),
    documentFrequency: (stem) => frequencies.get(stem) ?? 0,
    holders: (stem) => holding.get(stem) ?? none,
  }
  const forms = poolForms(terms, stats)
  const lexical = forms ? await searchPassages(db, tenant, expert, forms, POOL_SIZE) : []
  const dense = options.dense ? await options.dense(query) : null
  const hits = dense?.length ? await fuse(db, { tenant, expert }, lexical, dense) : lexical
  const retrieval = rankCandidates(
    tenant,
    terms,
    hits.map((h) => ({ ...h, id: String(h.id) })),
    stats,
    options.preferDocuments,
  )
  return { ...retrieval, sources: retrieval.sources.slice(0, limit) }
}

/** Reciprocal rank fusion (k = 60) of the word search's pool and the dense hits. */
async function fuse(db: Db, scope: { tenant: string; expert: string }, lexical: PassageHit[], dense: DenseHit[]) {
  const score = new Map<number, number>()
  for (const list of [lexical, dense]) {
    list.forEach((hit, rank) => {
      score.set(hit.id, (score.get(hit.id) ?? 0) + 1 / (RRF_K + rank + 1))
    })
  }
  const nearness = new Map(dense.map((hit) => [hit.id, hit.nearness]))
  const known = new Set(lexical.map((h) => h.id))
  const extra = await passagesByIds(
    db,
    scope.tenant,
    scope.expert,
    dense.map((h) => h.id).filter((id) => !known.has(id)),
  )
  return [...lexical, ...extra]
    .sort((a, b) => (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0))
    .slice(0, POOL_SIZE)
    .map((hit) => ({ ...hit, nearness: nearness.get(hit.id) }))
}

const RRF_K = 60
const stemsOf = (terms: QueryTerm[]) => [...new Set(terms.flatMap((t) => t.forms.flatMap(tokens)))]

/** A word no passage holds gains the known word it most likely misspells (same first two letters, 1-2 edits). */
async function correctTypos(
  db: Db,
  scope: { tenant: string; expert: string },
  terms: QueryTerm[],
  frequencies: Map<string, number>,
  codes: ReadonlySet<string>,
): Promise<QueryTerm[]> {
  const corrected: QueryTerm[] = []
  for (const term of terms) {
    const stem = misspeltStem(term, (s) => frequencies.get(s) ?? 0, codes)
    if (!stem) {
      corrected.push(term)
      continue
    }
    // Only words within reach of its allowed edits: a two-letter prefix of a large vocabulary holds thousands.
    const reach = allowedEdits(stem)
    const lengths = { min: stem.length - reach, max: stem.length + reach }
    const fix = closestWord(stem, await vocabularyFrom(db, scope.tenant, scope.expert, stem.slice(0, 2), lengths))
    if (fix) {
      frequencies.set(fix, (await documentFrequencies(db, scope.tenant, scope.expert, [fix])).get(fix) ?? 0)
      corrected.push({ ...term, forms: [...term.forms, fix] })
    } else corrected.push(term)
  }
  return corrected
}

/** Marks each code the manuals do not hold but whose family they document (ofDocumentedFamily). */
async function markUndocumented(
  db: Db,
  scope: { tenant: string; expert: string },
  terms: QueryTerm[],
  codes: ReadonlySet<string>,
  frequencies: Map<string, number>,
): Promise<void> {
  for (const term of terms) {
    const stem = unheldCode(term, (s) => frequencies.get(s) ?? 0, codes)
    if (!stem) continue
    const lengths = { min: stem.length, max: stem.length }
    const vocabulary = await vocabularyFrom(db, scope.tenant, scope.expert, stem.slice(0, 2), lengths)
    if (ofDocumentedFamily(stem, vocabulary)) term.undocumented = true
  }
}
