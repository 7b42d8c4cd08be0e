/**
 * Words a question and a manual write differently, together or apart ("Pi 2" and "Pi2",
 * "back light" and "backlight", "chartplotter" and "chart plotter", "NMEA2000" and "NMEA 2000"):
 * the same on the server and on the device. A spelling is searched only where some passage of
 * the expert holds it (each of its words, for a split).
 */
import { tokens } from './bm25.ts'
import { sentenceSpellings } from './nmea-sentences.ts'
import type { QueryTerm } from './synonyms.ts'
import { saidWords, searchTerms } from './terms.ts'

interface Spelling {
  /** The search terms it is a spelling of. */
  of: string[]
  /** As searched: one word (joined) or two (split). */
  form: string
}

export interface Spellings {
  /** The stems whose passage counts decide which spellings are searched. */
  stems: string[]
  /** The terms, each with its spellings that some passage holds. */
  withKnown(terms: QueryTerm[], documentFrequency: (stem: string) => number): QueryTerm[]
}

/**
 * Search terms said side by side, written as one word ("Pi 2" as "pi2"), dotted names written
 * without their dots, together or apart ("VE.Direct" as "vedirect" and "ve direct": PostgreSQL's
 * parser holds "VE.Direct" as one word, so the dotted spelling alone misses a manual's "VE Direct"),
 * and NMEA 0183 sentences with or without their talker ("RMC" and "GPRMC", nmea-sentences.ts).
 */
export const joinedSpellings = (query: string, words: string[]): Spellings =>
  spellingsOf([
    ...joinedPairs(query, words),
    ...undotted(words),
    ...words.flatMap((word) => sentenceSpellings(word).map((form) => ({ of: [word], form }))),
  ])

const undotted = (words: string[]): Spelling[] =>
  words
    .filter((word) => word.includes('.'))
    .flatMap((word) => [
      { of: [word], form: word.replaceAll('.', '') },
      { of: [word], form: word.replaceAll('.', ' ') },
    ])

/**
 * Each term as two words ("backlight" as "back light"), where the passages hold both: a word no
 * passage holds is found so, and one they hold may be written apart in the passage that answers
 * ("callsigns" in one, "call signs" in the next; weights.ts keeps such a word's own rarity). Not a
 * word written as meant (a code in capitals).
 */
export function splitSpellings(terms: QueryTerm[], asWritten: ReadonlySet<string>): Spellings {
  return spellingsOf(terms.filter((t) => !asWritten.has(t.word)).flatMap((t) => splits(t.word)))
}

function spellingsOf(spellings: Spelling[]): Spellings {
  const stemsOf = (s: Spelling) => s.form.split(' ').map((w) => tokens(w)[0] ?? w)
  return {
    stems: [...new Set(spellings.flatMap(stemsOf))],
    withKnown(terms, documentFrequency) {
      const known = spellings.filter((s) => stemsOf(s).every((stem) => documentFrequency(stem) > 0))
      if (known.length === 0) return terms
      return terms.map((term) => {
        const extra = known.filter((s) => s.of.includes(term.word) && !term.forms.includes(s.form)).map((s) => s.form)
        return extra.length ? { ...term, forms: [...term.forms, ...new Set(extra)] } : term
      })
    },
  }
}

/** Two search terms said side by side, written as one word. */
function joinedPairs(query: string, words: string[]): Spelling[] {
  const said = saidWords(query)
  const pairs: Spelling[] = []
  for (let i = 0; i + 1 < said.length; i++) {
    const [first, second] = [said[i] as string, said[i + 1] as string]
    if (!words.includes(first) || !words.includes(second) || first === second) continue
    if (first.includes('.') || second.includes('.')) continue
    if (!pairs.some((p) => p.form === first + second)) pairs.push({ of: [first, second], form: first + second })
  }
  return pairs
}

const MIN_SPLIT_LENGTH = 6
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'

/**
 * A long search term as two words: a word of letters at every point leaving two words that are
 * not stop words, a word of letters and digits where they meet ("nmea2000", "pi2").
 */
function splits(word: string): Spelling[] {
  const digits = /\d/.test(word)
  // A dotted name is already its parts apart ("ve.direct" is searched as "ve direct").
  if ((word.length < MIN_SPLIT_LENGTH && !digits) || word.includes('.')) return []
  const found: Spelling[] = []
  for (let i = 1; i < word.length; i++) {
    const [left, right] = [word.slice(0, i), word.slice(i)]
    const apart = digits ? isDigit(left.at(-1)) !== isDigit(right[0]) : left.length >= 3 && right.length >= 3
    if (!apart || searchTerms(left).length !== 1 || searchTerms(right).length !== 1) continue
    found.push({ of: [word], form: `${left} ${right}` })
  }
  return found
}
