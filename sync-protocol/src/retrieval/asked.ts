/**
 * What a question asks for, as against what it is about: the words right after its question word
 * ("what gear oil", "what is the warranty period", "how do I pair"). A passage naming the subject
 * (a maker's row in a manufacturer list) but none of these is a weaker answer.
 */
import type { QueryTerm } from './synonyms.ts'
import { saidWords, searchTerms } from './terms.ts'

export const AUX = new Set(['do', 'does', 'did', 'can', 'could', 'should', 'would', 'will', 'shall', 'must'])
const COPULA = new Set(['is', 'are', 's', 'was', 'were'])
const PERSON = new Set(['i', 'we', 'you'])
const DETERMINER = new Set(['the', 'a', 'an', 'my', 'our', 'your'])
/**
 * "What happens if …", "what's going on", "what's wrong": the question asks what follows from the
 * situation it describes, and names nothing it asks for.
 */
const SITUATION = new Set(['happen', 'happens', 'happened', 'happening', 'going', 'wrong'])

/** The first run of content words from `at` (none when the word there is a stop word). */
function run(words: string[], at: number): string[] {
  const found: string[] = []
  for (let i = at; i < words.length; i++) {
    const word = words[i] as string
    if (searchTerms(word).length === 0) break
    found.push(word)
  }
  return found
}

/** The words a clause starting with a question word asks for; none when it does not say. */
function askedIn(words: string[]): string[] {
  const [wh, next, third] = words
  if (wh === 'what' || wh === 'which') {
    const asked =
      next !== undefined && COPULA.has(next) ? run(words, DETERMINER.has(third ?? '') ? 3 : 2) : run(words, 1)
    return SITUATION.has(asked[0] ?? '') ? [] : asked
  }
  if (wh === 'how' || wh === 'where') {
    if (next !== undefined && AUX.has(next) && PERSON.has(third ?? '')) return run(words, 3)
    if (next === 'much' || next === 'many') return run(words, 2)
  }
  return []
}

/** The question's words that say what it asks for, from its first clause that starts with a question word. */
export function askedWords(query: string): string[] {
  // A dot ends a clause only where no letter or digit follows it ("VE.Direct" is one name).
  for (const clause of query.split(/[,;:?!]|\.(?![\p{L}\p{N}])/u)) {
    const asked = askedIn(saidWords(clause))
    if (asked.length > 0) return asked
  }
  return []
}

/** The terms marked with whether the question asks for them. */
export function withAsked(query: string, terms: QueryTerm[]): QueryTerm[] {
  const asked = new Set(askedWords(query))
  if (asked.size === 0) return terms
  return terms.map((term) => (asked.has(term.word) ? { ...term, asked: true } : term))
}
