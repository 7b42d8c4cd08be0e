import fc from 'fast-check'
import { stemmer } from 'stemmer'
import { describe, expect, it } from 'vitest'
import { tokens } from './bm25.ts'

/** FTS5's unicode61 (diacritics removed) then Porter, spelled out the slow way. */
const unicode61 = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => stemmer(word))

describe('search tokens', () => {
  it('are the same on the plain-ASCII fast path as the full Unicode rules give', () => {
    const text = fc.string({ unit: fc.constantFrom(...'aZ09 ,.-_\t\n!éÅßẞΩİK\u212Aﬁ€'.split('')), maxLength: 60 })
    fc.assert(
      fc.property(text, (s) => {
        expect(tokens(s)).toEqual(unicode61(s))
      }),
      { numRuns: 5000 },
    )
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 80 }), (s) => {
        expect(tokens(s)).toEqual(unicode61(s))
      }),
    )
  })

  it('stem and fold a manual sentence', () => {
    expect(tokens('Résumé: Check the SEAWATER pumps, then re-run.')).toEqual([
      'resum',
      'check',
      'the',
      'seawat',
      'pump',
      'then',
      're',
      'run',
    ])
  })
})
