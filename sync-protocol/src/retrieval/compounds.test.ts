import { describe, expect, it } from 'vitest'
import { buildIndex, type Candidate, joinedPairs, retrieveKept, searchTerms, withJoinedForms } from './index.ts'

const passage = (ordinal: number, text: string): Candidate => ({
  id: `doc1:${ordinal}`,
  documentId: 'doc1',
  fileName: 'display.pdf',
  ordinal,
  title: 'Display Installation Manual',
  section: null,
  page: ordinal + 1,
  text,
})

describe('two words of a question that manuals write as one', () => {
  it('pairs only search terms said side by side, each pair once', () => {
    const query = 'The BNO055 compass misbehaves on my Pi 2, and Pi 2 again'
    expect(joinedPairs(query, searchTerms(query)).map((p) => p.joined)).toEqual([
      'bno055compass',
      'compassmisbehaves',
      'pi2',
    ])
    // A stop word between two terms breaks the pair; a repeated word never pairs with itself.
    expect(joinedPairs('power on reset', searchTerms('power on reset'))).toEqual([])
    expect(joinedPairs('alarm alarm', searchTerms('alarm alarm'))).toEqual([])
  })

  it('gives both words the joined spelling only where some passage holds it', () => {
    const terms = [
      { word: 'back', forms: ['back'] },
      { word: 'light', forms: ['light', 'lamp'] },
      { word: 'fuse', forms: ['fuse'] },
    ]
    const pairs = joinedPairs('back light fuse', ['back', 'light', 'fuse'])
    const known = withJoinedForms(terms, pairs, (stem) => (stem === 'backlight' ? 3 : 0))
    expect(known.map((t) => t.forms)).toEqual([['back', 'backlight'], ['light', 'lamp', 'backlight'], ['fuse']])
    expect(withJoinedForms(terms, pairs, () => 0)).toBe(terms)
  })

  it('finds the passage that writes the words as one, on the device as on the server', () => {
    const index = buildIndex([
      passage(0, 'If the backlight flickers, replace the backlight fuse F3 behind the bezel.'),
      passage(1, 'Keep the light sensor clean; the back cover must stay sealed.'),
      passage(2, 'Route the NMEA 2000 drop cable away from the inverter.'),
    ])
    const found = retrieveKept('demo', index, 'back light flickers')
    expect(found.sources[0]?.text).toContain('backlight flickers')
  })
})
