import fc from 'fast-check'
import { stemmer } from 'stemmer'
import { describe, expect, it } from 'vitest'
import { soughtStems, stemPositions, tokens } from './bm25.ts'

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

  it('are found where tokens() puts them when only some stems are sought', () => {
    const text = fc.string({ unit: fc.constantFrom(...'aeidysZr09 ,.|-\n!éÅßΩİ\u212A'.split('')), maxLength: 60 })
    fc.assert(
      fc.property(
        text,
        fc.array(fc.string({ unit: fc.constantFrom(...'az09ßr'.split('')), minLength: 1 })),
        (s, extra) => {
          const all = tokens(s)
          const wanted = new Set([...all.filter((_, i) => i % 2 === 0), ...extra])
          const expected = new Map<string, number[]>()
          all.forEach((stem, i) => {
            if (wanted.has(stem)) expected.set(stem, [...(expected.get(stem) ?? []), i])
          })
          expect(stemPositions(s, soughtStems(wanted))).toEqual(expected)
        },
      ),
      { numRuns: 3000 },
    )
    // Words whose stem is shorter than three letters and no longer begins with their first two.
    expect(stemPositions('AED ayed', soughtStems(new Set(['a'])))).toEqual(new Map([['a', [0]]]))
    expect(stemPositions('AED ayed', soughtStems(new Set(['ai'])))).toEqual(new Map([['ai', [1]]]))
  })

  it('keep the first two letters of their word, or the first letter when shorter than three', () => {
    const word = fc.string({ unit: fc.constantFrom(...'aeiouybcdlnstz'.split('')), minLength: 1, maxLength: 9 })
    const suffixed = fc.tuple(word, fc.constantFrom('ed', 'ing', 'ies', 'yed', 'eed', 'ational', 'ly', 'ness', 'e'))
    fc.assert(
      fc.property(
        fc.oneof(
          word,
          suffixed.map(([w, suffix]) => w + suffix),
        ),
        (w) => {
          const stem = stemmer(w)
          expect(stem.startsWith(w.slice(0, stem.length >= 3 ? 2 : 1)), `${w} -> ${stem}`).toBe(true)
        },
      ),
      { numRuns: 20000 },
    )
  })
})
