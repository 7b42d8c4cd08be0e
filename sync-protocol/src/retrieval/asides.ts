/**
 * Asides a technician adds to a question: which job ("job 4471", "ticket 3391"), and on which boat,
 * for which customer, where ("on the Sea Breeze", "for my customer Johnson", "at the Hamble
 * marina", "aboard Morwenna"): a preposition, perhaps a determiner or a word for a boat, person or
 * place, then a name written with capitals, perhaps followed by such a word; or, anywhere, a name
 * that owns something ("Windsong's axiom"). A word for a boat,
 * person or place, or a company's name ("for Dawson Marine"), says the name is none of the
 * equipment the manuals cover; without one, the
 * manuals decide (gate.ts): a name no passage holds is no equipment they document ("for Airmar"
 * in a manufacturer table is).
 * Either way the phrase says nothing about which page answers. A name with a code in it ("on the
 * DX450", "Sea Otter II") is left to the rest of the ranking: it may be a unit.
 */
import { isCode } from './subject.ts'
import type { QueryTerm } from './synonyms.ts'

const PREPOSITIONS = new Set(['on', 'at', 'for', 'from', 'aboard', 'in'])
const DETERMINERS = new Set(['the', 'my', 'our', 'a', 'an', 'his', 'her', 'their', 'this', 'that'])
/** Words for a boat, a person or a place that come next to a name in an aside. */
const ROLES = new Set([
  'boat',
  'yacht',
  'vessel',
  'ship',
  'cat',
  'catamaran',
  'trawler',
  'customer',
  'client',
  'owner',
  'skipper',
  'mr',
  'mrs',
  'ms',
  'dr',
  'marina',
  'harbour',
  'harbor',
  'yard',
  'club',
])
/** The last word of a company's name ("Dawson Marine", "Solent Yachts Ltd"): a customer, no equipment. */
const COMPANY = new Set(['marine', 'yachts', 'boats', 'boatyard', 'shipyard', 'charters', 'ltd', 'limited', 'inc'])
/** Words for a job's paperwork, followed by its number ("job 4471", "ticket #3391", "serial number 1234"). */
const REFERENCES = new Set(['job', 'ticket', 'invoice', 'wo', 'po'])
const isSerialNumber = (word: string) => /^[\p{Lu}\p{N}]+$/u.test(word) && /\p{N}/u.test(word)
const POSSESSIVE = /['’]s$/u
const isName = (word: string) => /^\p{Lu}\p{Ll}+(?:['’]s)?$/u.test(word)
/** A word of an aside as searched: lower case, without its possessive 's. */
const asSaid = (word: string) => word.replace(POSSESSIVE, '').toLowerCase()

export interface AsidePhrase {
  /** Its words, lower-cased. */
  words: string[]
  /** It has a word for a boat, a person or a place ("boat", "customer", "marina"). */
  role: boolean
}

/** The aside phrases a question writes, in order. */
export function asidePhrases(query: string): AsidePhrase[] {
  const words = query.normalize('NFKC').match(/[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu) ?? []
  const phrases: AsidePhrase[] = []
  for (let i = 0; i < words.length; i++) {
    const numbered = words[i + 1] === 'number' || words[i + 1] === 'no'
    const number = numbered ? i + 2 : i + 1
    // "serial" alone may name a port ("serial ttyUSB0"); "serial number" names a unit's.
    const reference = REFERENCES.has(words[i]?.toLowerCase() ?? '') || (numbered && /^serial$/i.test(words[i] ?? ''))
    if (reference && /\p{N}/u.test(words[number] ?? '')) {
      phrases.push({ words: words.slice(i, number + 1).map((word) => word.toLowerCase()), role: true })
      i = number
      continue
    }
    // "serial SN4471A": a number in capitals and digits after "serial" is a unit's, unless the
    // manuals hold it ("serial RS232" is a port's standard).
    if (/^serial$/i.test(words[i] ?? '') && isSerialNumber(words[i + 1] ?? '')) {
      phrases.push({ words: [words[i] ?? '', words[i + 1] ?? ''].map((word) => word.toLowerCase()), role: false })
      i++
      continue
    }
    // "Windsong's axiom", "the Harbourmaster's logging pc": a name that owns the equipment is no
    // part of what the question is about, wherever it stands.
    if (isName(words[i] ?? '') && POSSESSIVE.test(words[i] ?? '')) {
      let from = i
      const nameBefore = (word = '') => isName(word) && !POSSESSIVE.test(word) && !PREPOSITIONS.has(word.toLowerCase())
      while (from > 0 && nameBefore(words[from - 1])) from--
      phrases.push({ words: words.slice(from, i + 1).map(asSaid), role: false })
      continue
    }
    if (!PREPOSITIONS.has(words[i]?.toLowerCase() ?? '')) continue
    let at = i + 1
    // The preposition too: "aboard" is no stop word.
    const phrase: string[] = [words[i] ?? '']
    while (at < words.length && DETERMINERS.has(words[at]?.toLowerCase() ?? '')) at++
    while (at < words.length && ROLES.has(words[at]?.toLowerCase() ?? '')) phrase.push(words[at++] ?? '')
    const nameStart = at
    while (at < words.length && (isName(words[at] ?? '') || (at > nameStart && isCode(words[at] ?? '')))) {
      phrase.push(words[at++] ?? '')
    }
    const name = words.slice(nameStart, at)
    if (name.length === 0 || name.some(isCode)) continue
    while (at < words.length && ROLES.has(words[at]?.toLowerCase() ?? '')) phrase.push(words[at++] ?? '')
    const lower = phrase.map(asSaid)
    const company = name.length > 1 && COMPANY.has(name.at(-1)?.toLowerCase() ?? '')
    phrases.push({ words: lower, role: company || lower.some((word) => ROLES.has(word)) })
    i = at - 1
  }
  return phrases
}

/** The terms marked with the aside phrase (asidePhrases) they are a word of. */
export function withAsides(query: string, terms: QueryTerm[]): QueryTerm[] {
  const phrases = asidePhrases(query)
  if (phrases.length === 0) return terms
  return terms.map((term) => {
    const phrase = phrases.findIndex(({ words }) => words.includes(term.word))
    const role = phrases[phrase]?.role === true
    return phrase >= 0 ? { ...term, aside: { phrase, role } } : term
  })
}
