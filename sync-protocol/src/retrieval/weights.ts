/**
 * How much each word of a question counts: its rarity among the expert's passages (IDF), so
 * "how", "check" or "device" never decide whether a passage answers, while a word of the trade
 * the manuals rarely use does.
 */
import { type SoughtStems, soughtStems, tokens } from './bm25.ts'
import { COMMONEST_SHARE, everydayShare } from './everyday-words.ts'
import { isLoneName, unitRequirements } from './subject.ts'
import type { QueryTerm } from './synonyms.ts'

/** How common each stem is among the expert's passages. */
export interface TermStats {
  passages: number
  documents: number
  documentFrequency: (stem: string) => number
  /** The documents holding a stem (asked for the words of the units a question names, subject.ts). */
  holders: (stem: string) => ReadonlySet<string>
}

/** How much of its weight a word of everyday speech (everyday-words.ts) keeps. */
const EVERYDAY_SHARE = 0.5
/** How much more an unknown name a question opens with counts than another unknown word. */
const OPENING_NAME = 2

export const formStems = (form: string) => tokens(form)
const isBareNumberOrHash = (word: string) => /^\d+$/.test(word) || word.length >= 14

/**
 * Weight of a term: the IDF of its commonest spelling. A word no passage holds (a model the
 * manuals do not cover, or an unusual turn of phrase) weighs at least half as much as a word
 * only one passage holds, so common words alone never make a question look answered. So does a
 * model code no manual names ("DF140"): the manuals do not cover that unit. So does a name of one
 * word only one passage holds ("for my customer Johnson", in some manual's credits): at that
 * passage's rarity it would outweigh the rest of the question. A bare number no passage holds (a
 * job number) or one very long token (a hash) weighs nothing. A word of everyday speech the
 * manuals use less than people do counts for EVERYDAY_SHARE of that: "eats", "nobody" or "dead"
 * are rare in manuals, not in what people say. Not so a word of a name the question writes with
 * capitals ("Standard Horizon", "Mastervolt Mass"): a name means the thing it names.
 */
export interface Weighting {
  weights: number[]
  /** Terms some passage holds. */
  known: boolean[]
  /** Known terms held by few passages (a tenth or less): the ones that say what a question is about. */
  specific: boolean[]
  /** Every stem of every spelling of the terms. */
  stems: SoughtStems
  /** Terms the question asks for (asked.ts) that some passage holds. */
  asked: boolean[]
  /** The summed weight of the known terms. */
  knownTotal: number
  /** The summed weight of all terms (1 when none weighs anything). */
  total: number
  /** Terms of which a manual must hold one per unit the question names (subject.ts). */
  units: number[][]
}

export function termWeights(terms: QueryTerm[], stats: TermStats): Weighting {
  const n = Math.max(1, stats.passages)
  const idf = (df: number) => Math.log(1 + (n - Math.min(df, n) + 0.5) / (Math.min(df, n) + 0.5))
  const formDf = (form: string) => Math.min(...formStems(form).map((s) => stats.documentFrequency(s)))
  const dfs = terms.map((term) => {
    const known = formDf(term.word) > 0
    // A known word's spelling apart ("call signs" for "callsigns") is searched, but its two words' counts are not the phrase's.
    const counted = term.forms.filter((form) => !known || form === term.word || form.replace(' ', '') !== term.word)
    return Math.max(0, ...counted.map(formDf))
  })
  // An aside (a boat, a customer, a place) weighs nothing, its other words too: one that says what
  // it names ("for my customer Johnson"), or names what no passage holds ("on the Sea Breeze").
  const asides = new Set(terms.flatMap(({ aside }, i) => (aside && (aside.role || dfs[i] === 0) ? [aside.phrase] : [])))
  const aside = terms.map((term) => term.aside !== undefined && asides.has(term.aside.phrase))
  const rarity = terms.map((term, i) => {
    const df = dfs[i] ?? 0
    return !aside[i] && (df > 1 || (df === 1 && !isLoneName(term, terms))) ? idf(df) : null
  })
  const everyday = terms.map((term, i) => {
    const said = everydayShare(term.word) ?? 0
    // Beyond the commonest words, one passage more than the manuals hold: a small knowledge base
    // cannot show that its manuals seldom use a rarer word ("survey"), but can for "dead".
    const held = (dfs[i] ?? 0) + (said < COMMONEST_SHARE ? 1 : 0)
    return term.unit === undefined && said > held / n ? EVERYDAY_SHARE : 1
  })
  // A question that opens with a name no passage holds ("wkhtmltopdf header and footer on every
  // page", "latexmk keeps rerunning") is about that: it counts double. Not a word of everyday speech
  // ("cheap", "random"): that opens a sentence, it names nothing.
  const opening = terms.map((term, i) =>
    term.opens && rarity[i] === null && !aside[i] && everydayShare(term.word) === undefined ? OPENING_NAME : 1,
  )
  const raw = rarity.map((w, i) => (w === null ? null : w * (everyday[i] ?? 1)))
  const known = raw.filter((w): w is number => w !== null)
  // From the manuals' rarity alone: everyday words must not make an unknown model code count for less.
  const rare = rarity.filter((w): w is number => w !== null)
  const average = rare.length ? rare.reduce((a, b) => a + b, 0) / rare.length : 1
  const unknown = Math.max(average, idf(1) / 2)
  const specificFloor = idf(Math.max(1, n * 0.1))
  // A job number or a pasted hash says nothing about the topic.
  const weights = raw.map(
    (w, i) =>
      w ??
      (aside[i] || (known.length > 0 && isBareNumberOrHash(terms[i]?.word ?? ''))
        ? 0
        : unknown * (everyday[i] ?? 1) * (opening[i] ?? 1)),
  )
  return {
    weights,
    total: weights.reduce((a, b) => a + b, 0) || 1,
    knownTotal: known.reduce((a, b) => a + b, 0),
    known: raw.map((w) => w !== null),
    specific: raw.map((w) => w !== null && w >= specificFloor),
    stems: soughtStems(new Set(terms.flatMap((term) => term.forms.flatMap(formStems)))),
    asked: terms.map((term, i) => term.asked === true && raw[i] !== null),
    // An aside that weighs nothing ("for Dawson Marine") names no unit a manual must name.
    units: unitRequirements(
      terms.map((term, i) => (aside[i] ? { ...term, unit: undefined } : term)),
      stats,
    ),
  }
}
