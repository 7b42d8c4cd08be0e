/**
 * The units a question names: capitalised words in a row, not where a sentence starts, a model
 * number perhaps ending them ("Lowrance HDS", "Garmin GPSMAP 8617", "the Teensy"). A manual that
 * names none of their words is about other equipment: its generic fuse table or NMEA 0183 page
 * answers a neighbouring question, not how that unit is fused or set up. Likewise a code the
 * manuals leave out of a family they document ("$PGRMH" beside PGRMC and PGRMM): no page answers.
 */
import { AUX } from './asked.ts'
import { tokens } from './bm25.ts'
import type { QueryTerm } from './synonyms.ts'
import { saidWords, searchTerms } from './terms.ts'
import { capitalised } from './typos.ts'
import type { TermStats } from './weights.ts'

export interface UnitName {
  /** Its words as written, lower-cased. */
  words: string[]
  /** How many of its last words are a model code: digits, or capitals after the first letter ("HDS", "GPSMAP 8617"). */
  codes: number
}

const hasCapital = (word: string) => /\p{Lu}/u.test(word) && word !== 'I'
/** A model code's word: digits, or capitals after its first letter ("HDS", "GPSMAP", "8617"). */
export const isCode = (word: string) => /\p{N}/u.test(word) || /^.\P{Lu}*\p{Lu}/u.test(word)

/** The names a question writes, in order. */
export function unitNames(query: string): UnitName[] {
  const text = query.normalize('NFKC')
  const names: UnitName[] = []
  let run: string[] = []
  let opener: string | null = null
  let end = 0
  const close = () => {
    const last = run[run.length - 1]
    const letterWords = run.filter((word) => /\p{L}/u.test(word)).length
    // A name written with dots ("VE.Direct") names a product or an interface, unlike a bare acronym.
    const lone = run.length === 1 && last !== undefined && (!isCode(last) || last.includes('.'))
    if (last !== undefined && (letterWords >= 2 || lone)) {
      const codes = run.length - 1 - run.findLastIndex((word) => !isCode(word))
      names.push({ words: run.map((word) => word.toLowerCase()), codes })
    }
    run = []
  }
  // Words as saidWords() has them: a dotted name ("VE.Direct") is one.
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*/gu)) {
    const [word] = match
    const gap = text.slice(end, match.index)
    end = match.index + word.length
    // A capital that starts a sentence is grammar, unless the word has more of them ("GPSMan").
    const sentenceStart = match.index === 0 || /[.?!:;]/.test(gap)
    const joined = !sentenceStart && /^[\s-]*$/.test(gap)
    if (!joined) close()
    // A capitalised word after a sentence's first word makes both a name ("Lowrance HDS won't…"),
    // unless the first is a stop word or an auxiliary ("Which PGN", "Can AvNav").
    if (joined && opener && run.length === 0 && hasCapital(word)) run.push(opener)
    const content = searchTerms(word).length > 0 && !AUX.has(word.toLowerCase())
    opener = sentenceStart && hasCapital(word) && content ? word : null
    if (hasCapital(sentenceStart ? word.slice(1) : word) || (run.length > 0 && /\p{N}/u.test(word))) run.push(word)
    else close()
  }
  close()
  return names
}

/**
 * The terms marked with the unit name they are a word of (words that are no term, "K" of "Signal K",
 * left out), and the question's first word when it is a term.
 */
export function withUnits(query: string, terms: QueryTerm[]): QueryTerm[] {
  const marked = terms.map((term) => ({ ...term }))
  const [first] = marked
  if (first && first.word === saidWords(query)[0]) first.opens = true
  unitNames(query).forEach(({ words, codes }, name) => {
    const at = words.map((word) => marked.findIndex((term) => term.word === word && term.unit === undefined))
    if (at.filter((i) => i >= 0).length < Math.min(2, words.length)) return
    at.forEach((i, k) => {
      const term = marked[i]
      if (term) term.unit = { name, code: k >= words.length - codes }
    })
  })
  return marked
}

/** Whether a term is a name of one word the question writes ("the Teensy", "Johnson"). */
export const isLoneName = (term: QueryTerm, terms: QueryTerm[]): boolean =>
  term.unit !== undefined && terms.every((other) => other === term || other.unit?.name !== term.unit?.name)

/**
 * For each name the manuals know, and each code of a family they document but not itself
 * (ofDocumentedFamily), the terms of which a manual must hold one to answer about it: each word
 * of its model code when it ends in one ("NGT 1", not any manual's "1"; no manual holds an
 * unknown code: they cover the maker or the family, "Garmin GPSMAP", not this unit), else any of
 * its words that sets it apart: named by fewer than a fifth of the manuals (more is common
 * ground, the Raspberry Pi every OpenPlotter page runs on, or "Standard" of "Standard Horizon"),
 * and for a name of one word, held by more than one passage (one is happenstance: a customer's
 * name in the credits). A name with another word no manual holds ("the Sea Breeze", "Blue Moon
 * II") is no equipment they know, and is left to the unknown-word weighting.
 */
export function unitRequirements(terms: QueryTerm[], stats: TermStats): number[][] {
  const names = new Map<number, number[]>()
  terms.forEach((term, i) => {
    if (term.unit) names.set(term.unit.name, [...(names.get(term.unit.name) ?? []), i])
  })
  const known = (i: number) =>
    terms[i]?.forms.some((form) => tokens(form).every((s) => stats.documentFrequency(s) > 0)) === true
  const named = [...names.values()].flatMap((at) => {
    const codes = at.filter((i) => terms[i]?.unit?.code)
    if (!at.every((i) => codes.includes(i) || known(i))) return []
    if (codes.length > 0) return codes.map((i) => [i])
    const apart = at.filter((i) => setsApart(terms[i], stats, at.length === 1))
    return apart.length > 0 ? [apart] : []
  })
  return [...named, ...terms.flatMap((term, i) => (term.undocumented ? [[i]] : []))]
}

/** Whether a document holds one term of every requirement (a term: all stems of one of its spellings). */
export function namesUnits(requirements: number[][], forms: string[][][], holds: (stem: string) => boolean): boolean {
  return requirements.every((at) => at.some((i) => forms[i]?.some((stems) => stems.every(holds))))
}

/**
 * Words a question means as written, never respelt (a typo corrected, a word split in two): its
 * codes and acronyms in capitals, and the words of the names it writes with capitals ("from the
 * Ocean Rover" is no misspelt "roger", "Penrose Marine" no "pen rose"). Nothing in a question
 * written all in capitals.
 */
export function meantAsWritten(query: string): Set<string> {
  const codes = capitalised(query)
  if (!/\p{Ll}/u.test(query)) return codes
  return new Set([...codes, ...unitNames(query).flatMap((name) => name.words)])
}

/** Words a question writes as codes: in capitals ("PGRMH"), or letters then digits ("M506"). */
export function codeWords(query: string): Set<string> {
  const words = query.normalize('NFKC').split(/[^\p{L}\p{N}]+/u)
  const numbered = words.filter((word) => /^\p{L}+\p{N}/u.test(word)).map((word) => word.toLowerCase())
  return new Set([...capitalised(query), ...numbered])
}

/**
 * Whether a code no manual holds is a member of a family they document: two of their codes or
 * more differ from it in one character ("PGRMC", "PGRMM" for "PGRMH"). Their pages on its siblings
 * do not say what it is.
 */
export function ofDocumentedFamily(stem: string, vocabulary: Iterable<[string, number]>): boolean {
  let siblings = 0
  for (const [term] of vocabulary) {
    if (term.length !== stem.length || term === stem) continue
    let differ = 0
    for (let i = 0; i < stem.length && differ < 2; i++) if (term[i] !== stem[i]) differ++
    if (differ === 1) siblings++
  }
  return siblings >= 2
}

/** The stem of a term that is a code the question writes (codeWords) and no manual holds; null otherwise. */
export function unheldCode(
  term: QueryTerm,
  documentFrequency: (stem: string) => number,
  codes: ReadonlySet<string>,
): string | null {
  const stems = tokens(term.word)
  const [stem] = stems
  if (!stem || stems.length > 1 || !codes.has(term.word)) return null
  return term.forms.some((form) => tokens(form).every((s) => documentFrequency(s) > 0)) ? null : stem
}

function setsApart(term: QueryTerm | undefined, stats: TermStats, single: boolean): boolean {
  const [stem] = tokens(term?.word ?? '')
  if (!stem) return false
  return (!single || stats.documentFrequency(stem) >= 2) && stats.holders(stem).size * 5 < stats.documents
}
