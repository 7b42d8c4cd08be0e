import { describe, expect, it } from 'vitest'
import { buildIndex, joinedSpellings, retrieveKept, searchTerms, splitSentences } from './index.ts'
import { testPassage } from './test-passage.ts'

const passage = (ordinal: number, text: string) =>
  testPassage(ordinal, text, { fileName: 'charger.pdf', title: 'Charger Manual' })

describe('names written with dots', () => {
  it('are one search term, never a stop word and a sentence end', () => {
    expect(searchTerms('What baud rate does the VE.Direct port use?')).toEqual(['baud', 'rate', 've.direct', 'port'])
    expect(searchTerms('VE.Bus, N2K. Node.js v1.2 at 192.168.1.1 in GPS.conf')).toEqual([
      've.bus',
      'n2k',
      'node.js',
      'v1.2',
      '192.168.1.1',
      'gps.conf',
    ])
    // Dotted initials are no name.
    expect(searchTerms('a gauge, e.g. the tank level')).toEqual(['gauge', 'tank', 'level'])
  })

  it('are also searched written together and apart, where some passage holds those words', () => {
    const term = { word: 've.direct', forms: ['ve.direct'] }
    const known = (held: string[]) => (stem: string) => (held.includes(stem) ? 1 : 0)
    const spelt = (held: string[]) => joinedSpellings('VE.Direct', ['ve.direct']).withKnown([term], known(held))
    expect(spelt(['ve', 'direct', 'vedirect'])[0]?.forms).toEqual(['ve.direct', 'vedirect', 've direct'])
    expect(spelt(['ve', 'direct'])[0]?.forms).toEqual(['ve.direct', 've direct'])
  })

  it('find the passage naming them, written with or without the dot', () => {
    const index = buildIndex([
      passage(0, 'Direct mode: the VE.Bus port runs at 19200 baud, for direct wiring of inverters.'),
      passage(1, 'The VE.Direct port runs at 19200 baud.'),
      passage(2, 'A VEDirect cable needs no terminator.'),
      passage(3, 'Mount the charger upright on a wall away from heat.'),
      passage(4, 'The fuse protects the battery cable from a short circuit.'),
      ...['Absorption', 'Float', 'Equalise', 'Storage', 'Bulk'].map((stage, i) =>
        passage(5 + i, `${stage} stage: the charger holds its voltage for a set time.`),
      ),
    ])
    const best = (query: string) => retrieveKept('t', index, query).sources[0]?.id
    expect(best('VE.Direct baud')).toBe('doc1:1')
    expect(best('Does a VE.Direct cable need a terminator?')).toBe('doc1:2')
  })
  it('are the unit a question is about: a manual that does not name one answers for other equipment', () => {
    const manual = (documentId: string, ordinal: number, text: string) =>
      testPassage(ordinal, text, { id: `${documentId}:${ordinal}`, documentId, fileName: `${documentId}.md` })
    const index = buildIndex([
      manual('n2k', 0, 'The maximum drop cable length is 6 m; the backbone cable length is at most 100 m.'),
      manual('n2k', 1, 'Terminate both ends of the backbone.'),
      manual('bms', 0, 'Use a VE.Direct cable of the shortest length you can.'),
      manual('bms', 1, 'The driver reads the battery every second.'),
      ...['wind', 'depth', 'speed', 'heading', 'rudder'].map((topic, i) =>
        manual('instruments', i, `Calibrate the ${topic} sensor from the setup menu.`),
      ),
    ])
    const cited = retrieveKept('t', index, 'What is the maximum cable length for a VE.Direct cable?').sources
    expect(cited.map((s) => s.documentId)).toEqual(['bms'])
  })
})

describe('sentence ends', () => {
  it('are never inside a dotted name or after dotted initials', () => {
    expect(splitSentences('Use the VE.Direct port, e.g. With a cable. Then set 192.168.1.1 first.')).toEqual([
      'Use the VE.Direct port, e.g. With a cable. ',
      'Then set 192.168.1.1 first.',
    ])
    expect(splitSentences('It talks VE.Direct. Next, i.e. Later!  "Done" 2 items.')).toEqual([
      'It talks VE.Direct. ',
      'Next, i.e. Later!  ',
      '"Done" 2 items.',
    ])
  })

  it('are never between a short form and its number, and still after the same word at a sentence end', () => {
    expect(
      splitSentences('Names are max. 16 characters, approx. 12 V. See Fig. 3 and p. 12. Max. 50 waypoints.'),
    ).toEqual(['Names are max. 16 characters, approx. 12 V. ', 'See Fig. 3 and p. 12. ', 'Max. 50 waypoints.'])
    expect(splitSentences('Turn the knob to max. Then wait. Is it on? No. Restart it.')).toEqual([
      'Turn the knob to max. ',
      'Then wait. ',
      'Is it on? ',
      'No. ',
      'Restart it.',
    ])
  })
})
