import { describe, expect, it } from 'vitest'
import { buildIndex, retrieveKept, searchTerms, withoutNames } from './index.ts'
import { testPassage } from './test-passage.ts'

const left = (query: string, names: string[]) => searchTerms(withoutNames(query, names))

describe("a vessel's name in a question", () => {
  it.each([
    ['the gyro on Sea Breeze will not spin up', ['Sea Breeze'], ['gyro', 'spin']],
    ['the gyro on sea breeze will not spin up', ['Sea Breeze'], ['gyro', 'spin']],
    ['Sea-Breeze II: radar shows no echoes', ['Sea Breeze II'], ['radar', 'shows', 'echoes']],
    ['no echoes on Wavedancer or on Sea Breeze', ['Sea Breeze', 'Wavedancer'], ['echoes']],
    ['radar on Wavedancer has no echoes', ['wavedancer'], ['radar', 'echoes']],
    // One word is a name only where it is written as one.
    ['compass calibration keeps failing', ['Compass'], ['compass', 'calibration', 'keeps', 'failing']],
    ['Compass shows a heading error', ['Compass'], ['compass', 'shows', 'heading', 'error']],
    ['heading error on the Compass', ['Compass'], ['heading', 'error']],
    ['radar shows no echoes', ['Sea Breeze'], ['radar', 'shows', 'echoes']],
    ['radar shows no echoes on the sea', ['Sea Breeze'], ['radar', 'shows', 'echoes', 'sea']],
    ['radar shows no echoes', [''], ['radar', 'shows', 'echoes']],
  ])('%s (names %j) leaves %j', (query, names, words) => {
    expect(left(query, names)).toEqual(words)
  })
})

describe("a question naming one of the tenant's vessels", () => {
  const passage = testPassage
  const index = buildIndex([
    passage(0, 'Check the raw-water seacock and strainer when the gyro reports a high temperature alarm.'),
    passage(1, 'Bearing noise at low speed usually means the bearings need grease.'),
    passage(2, 'The status light shows blue while the flywheel spools up.'),
  ])
  // Both words of the name are words of the manual: counted, they would make up a third of the question.
  const question = 'high temperature alarm on the Blue Flywheel'

  it('weighs only what the question asks once the name is left out', () => {
    const named = retrieveKept('demo', index, question)
    const asked = retrieveKept('demo', index, withoutNames(question, ['Blue Flywheel']))
    expect(named.terms).toEqual(expect.arrayContaining(['blue', 'flywheel']))
    expect(asked.terms).toEqual(['high', 'temperature', 'alarm'])
    expect(asked.bestScore).toBeGreaterThan(named.bestScore)
    expect(asked.sources.map((s) => s.id)).toEqual(['doc1:0'])
  })
})
