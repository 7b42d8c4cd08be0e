import { describe, expect, it } from 'vitest'
import { buildIndex, retrieveKept } from './index.ts'
import { otherSpellings } from './spellings.ts'
import { expandTerms } from './synonyms.ts'
import { testPassage } from './test-passage.ts'

describe('British and American spellings', () => {
  it.each([
    ['optimises', 'optimizes'],
    ['analyser', 'analyzer'],
    ['initialization', 'initialisation'],
    ['harbour', 'harbor'],
    ['colors', 'colours'],
    ['centre', 'center'],
    ['meters', 'metres'],
    ['analogue', 'analog'],
    ['catalog', 'catalogue'],
    ['labelled', 'labeled'],
    ['fueled', 'fuelled'],
    ['aluminium', 'aluminum'],
    ['gray', 'grey'],
  ])('searches %s as %s too', (word, other) => {
    expect(otherSpellings(word)).toContain(other)
  })

  it.each(['hour', 'four', 'raise', 'noise', 'size', 'called', 'gyro', 'pump'])('leaves %s alone', (word) => {
    expect(otherSpellings(word)).toEqual([])
  })

  it('finds a manual written in the other spelling', () => {
    const index = buildIndex([
      testPassage(0, 'The compressor optimizes away unused named destinations.', { section: 'Options' }),
      testPassage(1, 'Set the harbor mode before docking.', { section: 'Docking' }),
      ...Array.from({ length: 10 }, (_, i) => testPassage(2 + i, `Anchor chain page ${i}.`)),
    ])
    // Every word of the question found: the other spelling counts as the word itself.
    const optimises = retrieveKept('demo', index, 'it optimises the named destinations away')
    expect(optimises.sources[0]?.id).toBe('doc1:0')
    expect(optimises.bestScore).toBe(1)
    const harbour = retrieveKept('demo', index, 'harbour mode for docking')
    expect(harbour.sources[0]?.id).toBe('doc1:1')
    expect(harbour.bestScore).toBe(1)
  })
})

describe("a technician's shorthand", () => {
  it('searches what the manuals spell out', () => {
    const forms = (question: string) => expandTerms(question.split(' ')).flatMap((term) => term.forms)
    expect(forms('nav pc freq')).toEqual(expect.arrayContaining(['navigation', 'computer', 'frequency']))
    expect(forms('hdd docs lib')).toEqual(expect.arrayContaining(['hard disk', 'documentation', 'library']))
    expect(forms('env var exe mem ver')).toEqual(
      expect.arrayContaining(['environment', 'variable', 'executable', 'memory', 'version']),
    )
  })
})
