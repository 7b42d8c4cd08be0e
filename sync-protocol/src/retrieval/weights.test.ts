import { describe, expect, it } from 'vitest'
import { tokens } from './bm25.ts'
import { withUnits } from './subject.ts'
import { expandTerms } from './synonyms.ts'
import { searchTerms } from './terms.ts'
import { type TermStats, termWeights } from './weights.ts'

/** An expert of `passages` passages in which each word is held by the given number of them. */
function statsOf(passages: number, held: Record<string, number>): TermStats {
  const byStem = new Map(Object.entries(held).map(([word, n]) => [tokens(word)[0], n]))
  return {
    passages,
    documents: 10,
    documentFrequency: (stem) => byStem.get(stem) ?? 0,
    holders: () => new Set(),
  }
}

const weightsOf = (words: string[], stats: TermStats) =>
  Object.fromEntries(words.map((word, i) => [word, termWeights(expandTerms(words), stats).weights[i]]))

describe('how much each word of a question counts', () => {
  it('counts a word of everyday speech the manuals seldom use for half a word of the trade as rare', () => {
    const stats = statsOf(5000, { strainer: 40, dead: 2, gasket: 2 })
    const weights = weightsOf(['strainer', 'dead', 'gasket', 'nobody', 'impeller'], stats)
    // Two passages each: "dead" is what people say, "gasket" a part.
    expect(weights.dead).toBeCloseTo((weights.gasket ?? 0) / 2)
    // Held by none: "nobody" is talk, "impeller" a part the manuals do not cover.
    expect(weights.nobody).toBeCloseTo((weights.impeller ?? 0) / 2)
    expect(weights.impeller).toBeGreaterThan(weights.strainer ?? Number.POSITIVE_INFINITY)
  })

  it('weighs a word the manuals hold by its own rarity, not by the halves it is also searched as', () => {
    const stats = statsOf(5000, { callsigns: 3, call: 400, signs: 300, back: 400, light: 300 })
    const weightOf = (word: string, forms: string[]) => termWeights([{ word, forms }], stats).weights[0]
    expect(weightOf('callsigns', ['callsigns', 'call signs'])).toBeCloseTo(weightOf('callsigns', ['callsigns']) ?? 0)
    // A word no passage holds is as common as the rarer of its halves.
    expect(weightOf('backlight', ['backlight', 'back light'])).toBeCloseTo(weightOf('light', ['light']) ?? 0)
  })

  it('keeps the whole weight of an everyday word the manuals use more than people do', () => {
    // "heading" is common talk, and a compass manual's word: 300 of 2000 passages hold it.
    const compass = weightsOf(['heading', 'deviation'], statsOf(2000, { heading: 300, deviation: 300 }))
    expect(compass.heading).toBeCloseTo(compass.deviation ?? 0)
    const elsewhere = weightsOf(['heading', 'deviation'], statsOf(2000, { heading: 1, deviation: 1 }))
    expect(elsewhere.heading).toBeCloseTo((elsewhere.deviation ?? 0) / 2)
  })

  it('counts a word people say beyond the 2,000 commonest for half too, where the manuals seldom use it', () => {
    const weights = weightsOf(['fussy', 'thermistor'], statsOf(20000, { fussy: 1, thermistor: 1 }))
    expect(weights.fussy).toBeCloseTo((weights.thermistor ?? 0) / 2)
  })

  it('keeps the whole weight of an everyday word in a name written with capitals', () => {
    const stats = statsOf(20000, { standard: 1, horizon: 1, thermistor: 1 })
    const horizonIn = (query: string) => {
      const terms = withUnits(query, expandTerms(searchTerms(query)))
      return termWeights(terms, stats).weights[terms.findIndex((term) => term.word === 'horizon')]
    }
    const thermistor = weightsOf(['thermistor'], stats).thermistor ?? 0
    expect(horizonIn('is the Standard Horizon thermistor any good')).toBeCloseTo(thermistor)
    expect(horizonIn('is the standard horizon thermistor any good')).toBeCloseTo(thermistor / 2)
  })

  it('keeps the whole weight of a word no passage holds when the knowledge base is too small to tell', () => {
    // People say "survey" about once in 1,200 passages' worth of words: 300 holding none of it say nothing.
    const small = weightsOf(['survey', 'thermistor'], statsOf(300, {}))
    expect(small.survey).toBeCloseTo(small.thermistor ?? 0)
    const large = weightsOf(['survey', 'thermistor'], statsOf(20000, {}))
    expect(large.survey).toBeCloseTo((large.thermistor ?? 0) / 2)
  })

  it('counts one of the 2,000 commonest words for half even in a starter pack of 60 passages', () => {
    const pack = weightsOf(['keeps', 'throwing', 'thermistor'], statsOf(60, {}))
    expect(pack.keeps).toBeCloseTo((pack.thermistor ?? 0) / 2)
    expect(pack.throwing).toBeCloseTo((pack.thermistor ?? 0) / 2)
  })

  it('counts double a name no passage holds that the question opens with', () => {
    const stats = statsOf(2000, { header: 20, footer: 20, page: 200 })
    const weightIn = (query: string, word: string) => {
      const terms = withUnits(query, expandTerms(searchTerms(query)))
      return termWeights(terms, stats).weights[terms.findIndex((term) => term.word === word)] ?? 0
    }
    const opening = weightIn('wkhtmltopdf header and footer on every page', 'wkhtmltopdf')
    expect(opening).toBeCloseTo(2 * weightIn('header and footer on every page with wkhtmltopdf', 'wkhtmltopdf'))
    // A word of everyday speech opens a sentence; it names nothing.
    expect(weightIn('cheap header and footer on every page', 'cheap')).toBeLessThan(opening / 2)
  })
})
