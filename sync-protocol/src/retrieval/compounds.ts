/**
 * Two words of a question that manuals write as one ("Pi 2" and "Pi2", "back light" and
 * "backlight", "chart plotter" and "chartplotter"): the same on the server and on the device.
 */
import { tokens } from './bm25.ts'
import type { QueryTerm } from './synonyms.ts'

/** Each pair of search terms the question has side by side, written as one word. */
export function joinedPairs(query: string, words: string[]): { first: string; second: string; joined: string }[] {
  const said = query
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  const pairs: { first: string; second: string; joined: string }[] = []
  for (let i = 0; i + 1 < said.length; i++) {
    const first = said[i] as string
    const second = said[i + 1] as string
    if (!words.includes(first) || !words.includes(second) || first === second) continue
    const joined = `${first}${second}`
    if (!pairs.some((p) => p.joined === joined)) pairs.push({ first, second, joined })
  }
  return pairs
}

/** The stem under which the index knows a joined pair. */
export const joinedStem = (joined: string) => tokens(joined)[0] ?? joined

/** Both terms of a pair the passages hold as one word gain that word as a spelling. */
export function withJoinedForms(
  terms: QueryTerm[],
  pairs: { first: string; second: string; joined: string }[],
  documentFrequency: (stem: string) => number,
): QueryTerm[] {
  const known = pairs.filter((pair) => documentFrequency(joinedStem(pair.joined)) > 0)
  if (known.length === 0) return terms
  return terms.map((term) => {
    const joins = known.filter((p) => p.first === term.word || p.second === term.word).map((p) => p.joined)
    const forms = [...term.forms, ...joins.filter((j) => !term.forms.includes(j))]
    return forms.length === term.forms.length ? term : { ...term, forms }
  })
}
