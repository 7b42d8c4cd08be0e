import { describe, expect, it } from 'vitest'
import { answerOdds, answers, buildIndex, type Evidence, RELEVANT_MIN, retrieveKept } from './index.ts'
import { testPassage } from './test-passage.ts'

const evidence = (fields: Partial<Evidence>): Evidence => ({
  coverage: 0.45,
  documentCoverage: 0.6,
  unknownShare: 0,
  headingShare: 0.1,
  otherCoverage: 0.3,
  terms: 6,
  asks: true,
  passages: 2000,
  ...fields,
})

describe('whether the knowledge base answers a question', () => {
  it('below the sizes the weights were fitted over, asks the best passage for a share of the question', () => {
    expect(answers(evidence({ passages: 40, coverage: RELEVANT_MIN, unknownShare: 0.5, otherCoverage: 0 }))).toBe(true)
    expect(answers(evidence({ passages: 40, coverage: 0.39, documentCoverage: 1, headingShare: 1 }))).toBe(false)
  })

  it('asks more of the same passage in a larger knowledge base, where more passages hold its words by chance', () => {
    const small = evidence({ passages: 300 })
    const large = evidence({ passages: 8104 })
    expect(answerOdds(small)).toBeGreaterThan(answerOdds(large))
    expect([answers(small), answers(large)]).toEqual([true, false])
    // Beyond the largest fitted over, the largest is assumed.
    expect(answerOdds(evidence({ passages: 100_000 }))).toBe(answerOdds(large))
  })

  it('counts against words no passage holds, for what the rest of the question and the manuals say', () => {
    const odds = (fields: Partial<Evidence>) => answerOdds(evidence(fields))
    expect(odds({ unknownShare: 0.2 })).toBeLessThan(odds({}))
    expect(odds({ documentCoverage: 0.9 })).toBeGreaterThan(odds({}))
    expect(odds({ headingShare: 0.5 })).toBeGreaterThan(odds({}))
    expect(odds({ otherCoverage: 0.5 })).toBeGreaterThan(odds({}))
    expect(odds({ terms: 12 })).toBeGreaterThan(odds({}))
    expect(odds({ coverage: 0.6 })).toBeGreaterThan(odds({}))
  })
})

describe('the evidence the gate weighs', () => {
  const filler = ['impeller', 'strainer', 'anode', 'fuse', 'breaker', 'hose', 'clamp', 'pump', 'valve', 'filter']
  const actions = ['inspect', 'replace', 'tighten', 'clean', 'grease', 'test', 'label', 'drain', 'flush', 'seal']
  const passages = [
    testPassage(0, 'Set the sample rate with -s; 288K suits most dongles.', {
      documentId: 'sdr',
      id: 'sdr:0',
      fileName: 'sdr-receiver.md',
      title: 'SDR receiver',
    }),
    testPassage(1, 'A dongle that drops samples needs a shorter USB cable.', {
      documentId: 'sdr',
      id: 'sdr:1',
      fileName: 'sdr-receiver.md',
      title: 'SDR receiver',
    }),
    testPassage(2, 'The plotter shows the sample of the seabed at the chosen rate of pings.', {
      documentId: 'sounder',
      id: 'sounder:0',
      fileName: 'sounder.md',
      title: 'Sounder',
    }),
    ...[
      'The nav pc at the helm keeps the charts and the logbook.',
      'At anchor, the alarm checks the position every few minutes.',
      'Help for the nav pc is in the helm station guide.',
    ].map((text, i) =>
      testPassage(3 + i, text, { documentId: 'helm', id: `helm:${i}`, fileName: 'helm.md', title: 'Helm station' }),
    ),
    ...filler.flatMap((part, i) =>
      actions.flatMap((action, j) =>
        [0, 1].map((k) =>
          testPassage(6 + i * 20 + j * 2 + k, `${action} the ${part} ${k ? 'every season' : 'after a haul-out'}.`, {
            documentId: 'service',
            id: `service:${i}-${j}-${k}`,
            fileName: 'service.md',
            title: 'Service schedule',
          }),
        ),
      ),
    ),
  ]
  const index = buildIndex(passages)

  it('is what the pool says: the best passage, its manual, the other manuals, words no passage holds', () => {
    const { evidence: seen, bestScore } = retrieveKept(
      'demo',
      index,
      'what sample rate for the dongle on a shorter usb cable',
    )
    expect(seen?.passages).toBe(passages.length)
    expect(seen?.coverage).toBeCloseTo(bestScore, 2)
    expect(seen?.documentCoverage).toBeGreaterThan(seen?.coverage ?? 1)
    expect(seen?.otherCoverage).toBeGreaterThan(0)
    expect(seen?.unknownShare).toBe(0)
    const unknown = retrieveKept('demo', index, 'what sample rate for the airspy dongle').evidence
    expect(unknown?.unknownShare).toBeGreaterThan(0)
  })

  it('decides by the odds, not by the share of the question alone, in a knowledge base of the sizes fitted over', () => {
    // Half the question is in the receiver's manual, but no passage names the receiver asked about.
    const other = retrieveKept('demo', index, 'what sample rate for the airspy mini')
    expect(other.evidence?.coverage).toBeGreaterThanOrEqual(RELEVANT_MIN)
    expect(answerOdds(other.evidence as Evidence)).toBeLessThan(0)
    expect(other.sources).toEqual([])
    // A long question in a technician's words, the rest of it about the boat: the manual answers.
    const long = retrieveKept(
      'demo',
      index,
      'at anchor the dongle keeps dropping samples every few minutes while the logbook and charts run on the nav pc at the helm station, would a shorter usb cable help',
    )
    expect(answerOdds(long.evidence as Evidence)).toBeGreaterThan(0)
    expect(long.sources.map((source) => source.id)).toContain('sdr:1')
  })
})
