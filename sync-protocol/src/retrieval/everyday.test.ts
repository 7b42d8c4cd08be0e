import { describe, expect, it } from 'vitest'
import { buildIndex, expandTerms, rankCandidates, searchTerms, type TermStats } from './index.ts'
import { testPassage } from './test-passage.ts'

// A small knowledge base, as a new customer's: a wifi gateway's manual.
const PASSAGES = [
  'The gateway opens a wifi hotspot at start.',
  'The hotspot uses battery: set it to switch off ten minutes after the last client is gone.',
  'The gateway reads NMEA 0183 sentences on its serial input.',
  'Battery voltage is sent as an NMEA 2000 message every second.',
  'Update the gateway firmware from the web page of the hotspot.',
  'A client connected to the hotspot sees the boat data on port 10110.',
].map((text, ordinal) => testPassage(ordinal, text))

const index = buildIndex(PASSAGES)
const stats = (everyday?: (stem: string) => number): TermStats => ({
  passages: index.passages.length,
  documents: 1,
  documentFrequency: (stem) => index.postings.get(stem)?.length ?? 0,
  holders: () => new Set(['doc1']),
  everyday,
})
/** "eats" and "nobody" as common in everyday English as SUBTLEX-US has them, "teak" not at all. */
const everydayShare = (stem: string) => ({ eat: 0.033, nobodi: 0.027 })[stem] ?? 0
const ask = (question: string, everyday?: (stem: string) => number) =>
  rankCandidates('demo', expandTerms(searchTerms(question)), PASSAGES, stats(everyday))

describe('words of a question that no manual of the expert holds', () => {
  const question = 'the gateway hotspot stays on and eats battery when nobody is connected'

  it('weigh less when they are everyday English, so phrasing a small manual lacks does not hide its answer', () => {
    expect(ask(question).sources).toEqual([])
    expect(ask(question, everydayShare).sources[0]?.id).toBe('doc1:1')
  })

  it('weigh as before when they are not, so a subject the manuals lack still finds nothing', () => {
    const unanswerable = 'which teak oil for the gateway hotspot battery box'
    expect(ask(unanswerable).sources).toEqual([])
    expect(ask(unanswerable, everydayShare).sources).toEqual([])
  })
})
