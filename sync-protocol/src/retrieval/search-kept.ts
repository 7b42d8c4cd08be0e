/**
 * Retrieval over the manuals kept on a device, the way the server retrieves over FTS5: a BM25 pool
 * for every spelling of the question's words (the admin's and the shipped synonyms, words the
 * manuals write together or apart, corrected typos), then the shared re-ranking and gate.
 */
import { withAsides } from './asides.ts'
import { withAsked } from './asked.ts'
import { type Bm25Index, searchIndex } from './bm25.ts'
import { joinedSpellings, splitSpellings } from './compounds.ts'
import { POOL_SIZE, type Retrieval, rankCandidates } from './gate.ts'
import { codeWords, meantAsWritten, ofDocumentedFamily, unheldCode, withUnits } from './subject.ts'
import { expandTerms } from './synonyms.ts'
import { searchTerms } from './terms.ts'
import { closestWord, misspeltStem } from './typos.ts'
import type { TermStats } from './weights.ts'

export function retrieveKept(
  tenant: string,
  index: Bm25Index,
  query: string,
  synonyms: readonly (readonly string[])[] = [],
  /** Kept manuals of the equipment the question is about: cited first when relevant. */
  preferred: ReadonlySet<string> = new Set(),
): Retrieval {
  const holders = new Map<string, Set<string>>()
  const stats: TermStats = {
    passages: index.passages.length,
    documentFrequency: (stem) => index.postings.get(stem)?.length ?? 0,
    documents: documentCount(index),
    holders: (stem) => {
      let found = holders.get(stem)
      if (!found) {
        found = new Set(index.postings.get(stem)?.map(([i]) => index.passages[i]?.documentId ?? ''))
        holders.set(stem, found)
      }
      return found
    },
  }
  const words = searchTerms(query)
  const df = stats.documentFrequency
  const joined = joinedSpellings(query, words).withKnown(expandTerms(words, synonyms), df)
  const asWritten = meantAsWritten(query)
  const spelt = splitSpellings(joined, asWritten).withKnown(joined, df)
  const terms = spelt.map((term) => {
    const stem = misspeltStem(term, stats.documentFrequency, asWritten)
    if (!stem) return term
    const vocabulary = [...index.postings]
      .filter(([t]) => t.startsWith(stem.slice(0, 2)))
      .map(([t, list]): [string, number] => [t, list.length])
    const fix = closestWord(stem, vocabulary)
    return fix ? { ...term, forms: [...term.forms, fix] } : term
  })
  const coded = codeWords(query)
  const vocabulary = (stem: string) =>
    [...index.postings]
      .filter(([t]) => t.length === stem.length && t.startsWith(stem.slice(0, 2)))
      .map(([t, list]): [string, number] => [t, list.length])
  for (const term of terms) {
    const stem = unheldCode(term, stats.documentFrequency, coded)
    if (stem && ofDocumentedFamily(stem, vocabulary(stem))) term.undocumented = true
  }
  const pool = searchIndex(
    index,
    terms.flatMap((t) => t.forms),
    POOL_SIZE,
  )
  return rankCandidates(tenant, withAsides(query, withUnits(query, withAsked(query, terms))), pool, stats, preferred)
}

const documentCounts = new WeakMap<Bm25Index, number>()
function documentCount(index: Bm25Index): number {
  let n = documentCounts.get(index)
  if (n === undefined) {
    n = new Set(index.passages.map((p) => p.documentId)).size
    documentCounts.set(index, n)
  }
  return n
}
