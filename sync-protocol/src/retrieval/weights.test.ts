import { describe, expect, it } from 'vitest'
import { tokens } from './bm25.ts'
import { expandTerms } from './synonyms.ts'
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

  it('keeps the whole weight of an everyday word the manuals use more than people do', () => {
    // "heading" is common talk, and a compass manual's word: 300 of 2000 passages hold it.
    const compass = weightsOf(['heading', 'deviation'], statsOf(2000, { heading: 300, deviation: 300 }))
    expect(compass.heading).toBeCloseTo(compass.deviation ?? 0)
    const elsewhere = weightsOf(['heading', 'deviation'], statsOf(2000, { heading: 1, deviation: 1 }))
    expect(elsewhere.heading).toBeCloseTo((elsewhere.deviation ?? 0) / 2)
  })
})
