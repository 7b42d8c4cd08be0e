import { describe, expect, it } from 'vitest'
import { buildIndex, type Candidate, gateCandidates, localAnswerLines, searchIndex, searchTerms } from './index.ts'

const passage = (ordinal: number, text: string, section: string | null = null): Candidate => ({
  id: `doc1:${ordinal}`,
  documentId: 'doc1',
  fileName: 'gyro.pdf',
  ordinal,
  title: 'Gyro Service Manual',
  section,
  page: ordinal + 1,
  text,
})

const PASSAGES = [
  passage(0, 'Check the raw-water seacock and strainer when the gyro reports a high temperature alarm.', 'Cooling'),
  passage(1, 'The seacock must be open before launch. Clean the strainer basket monthly.', 'Haul-out'),
  passage(2, 'Bearing noise at low speed usually means the bearings need grease.', 'Bearings'),
  passage(3, 'Temperature sensors report to the display; a high reading can also be a sensor fault.', 'Sensors'),
]

describe('the retrieval core shared by the server and the device', () => {
  it('ranks passages holding every term first, then by BM25', () => {
    const index = buildIndex(PASSAGES)
    const found = searchIndex(index, searchTerms('high temperature alarm seacock'), 5)
    expect(found[0]?.ordinal).toBe(0)
    expect(found.map((p) => p.ordinal)).toEqual(expect.arrayContaining([0, 1, 3]))
    expect(found.map((p) => p.ordinal)).not.toContain(2)
    expect(searchIndex(index, [], 5)).toEqual([])
    expect(searchIndex(buildIndex([]), ['gyro'], 5)).toEqual([])
  })

  it('cites only passages that cover the question, with a link to the page', () => {
    const terms = searchTerms('What should I check for a high temperature alarm?')
    const retrieval = gateCandidates('demo', terms, searchIndex(buildIndex(PASSAGES), terms, 5))
    expect(retrieval.bestScore).toBe(1)
    expect(retrieval.sources[0]).toMatchObject({
      id: 'doc1:0',
      page: 1,
      url: '/t/demo/documents/doc1?page=1&passage=0',
    })
    const lines = localAnswerLines('seakeeper', retrieval, false)
    expect(lines.join('\n')).toContain('raw-water seacock')
  })

  it('says nothing relevant for an off-topic question instead of guessing', () => {
    const terms = searchTerms('best pizza recipe in Antibes')
    const retrieval = gateCandidates('demo', terms, searchIndex(buildIndex(PASSAGES), terms, 5))
    expect(retrieval.sources).toEqual([])
    expect(localAnswerLines('seakeeper', retrieval, false)[0]).toMatch(/^I could not find anything about this/)
  })
})
