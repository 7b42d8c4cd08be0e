import { tokens } from './bm25.ts'
import type { QueryTerm } from './synonyms.ts'

/** Damerau-Levenshtein (optimal string alignment) distance, giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1)
      current.push(value)
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length] ?? max + 1
}

/** How many edits a word of this length may carry and still be recognised: none below 5 letters. */
export const allowedEdits = (word: string) => (word.length < 5 ? 0 : word.length < 8 ? 1 : 2)

/**
 * The known word a misspelt one most likely meant: fewest edits, then the most common. Only words
 * sharing its first two letters are considered (typos rarely hit them, and a large vocabulary
 * stays quick to search).
 */
export function closestWord(word: string, vocabulary: Iterable<[string, number]>): string | null {
  const max = allowedEdits(word)
  if (max === 0) return null
  let best: { term: string; distance: number; df: number } | null = null
  for (const [term, df] of vocabulary) {
    if (!term.startsWith(word.slice(0, 2)) || term === word || /\d/.test(term)) continue
    const distance = editDistance(word, term, max)
    if (distance > max) continue
    if (!best || distance < best.distance || (distance === best.distance && df > best.df)) best = { term, distance, df }
  }
  return best?.term ?? null
}

/**
 * The words a question writes in capitals while the rest of it is not: codes and acronyms
 * ("$PGRMH", "SeaTalk NG"), which are meant as written, never misspellings of a nearby word.
 */
export function capitalised(query: string): Set<string> {
  const said = query.normalize('NFKC').split(/[^\p{L}\p{N}]+/u)
  if (!said.some((word) => /\p{Ll}/u.test(word))) return new Set()
  return new Set(said.filter((word) => /^\p{Lu}{2,}$/u.test(word)).map((word) => word.toLowerCase()))
}

/**
 * The stem of a question's word worth correcting: no passage holds any spelling of it, it is long
 * enough to carry a typo, and it is not a code, an acronym or a number. Null otherwise.
 */
export function misspeltStem(
  term: QueryTerm,
  documentFrequency: (stem: string) => number,
  codes: ReadonlySet<string>,
): string | null {
  const known = term.forms.some((form) => tokens(form).every((s) => documentFrequency(s) > 0))
  const stems = tokens(term.word)
  const [stem] = stems
  // A dotted name ("gps.conf") is a name, not a misspelt word.
  if (known || !stem || stems.length > 1 || allowedEdits(stem) === 0 || /\d/.test(stem) || codes.has(term.word)) {
    return null
  }
  return stem
}
