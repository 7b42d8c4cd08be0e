import { describe, expect, it } from 'vitest'
import { buildIndex, joinedSpellings, meantAsWritten, retrieveKept, searchTerms, splitSpellings } from './index.ts'
import { testPassage } from './test-passage.ts'

const passage = (ordinal: number, text: string) =>
  testPassage(ordinal, text, { fileName: 'display.pdf', title: 'Display Installation Manual' })

const spellings = (query: string, known: string[]) => {
  const words = searchTerms(query)
  const df = (stem: string) => (known.includes(stem) ? 1 : 0)
  const joined = joinedSpellings(query, words).withKnown(
    words.map((word) => ({ word, forms: [word] })),
    df,
  )
  return splitSpellings(joined, meantAsWritten(query))
    .withKnown(joined, df)
    .map((t) => t.forms)
}

describe('words a question and a manual write together or apart', () => {
  it('joins search terms said side by side, never across a stop word or a word with itself', () => {
    const known = ['bno055compass', 'pi2', 'powerreset', 'alarmalarm']
    expect(spellings('BNO055 compass on my Pi 2', known)).toEqual([
      ['bno055', 'bno055compass'],
      ['compass', 'bno055compass'],
      ['pi', 'pi2'],
      ['2', 'pi2'],
    ])
    expect(spellings('power on reset', known)).toEqual([['power'], ['reset']])
    expect(spellings('alarm alarm', known)).toEqual([['alarm']])
  })

  it('splits a long word into two known words, and letters from digits where they meet', () => {
    const known = ['chart', 'plotter', 'nmea', '2000', 'ea']
    expect(spellings('chartplotter', known)).toEqual([['chartplotter', 'chart plotter']])
    expect(spellings('nmea2000 backbone', known)).toEqual([['nmea2000', 'nmea 2000'], ['backbone']])
    // Stop words are never one of the two ("there fore"), and short words are not split.
    expect(spellings('therefore', ['there', 'fore'])).toEqual([['therefore']])
    expect(spellings('radar', ['ra', 'dar'])).toEqual([['radar']])
  })

  it('never splits a word of a name written with capitals ("quoting for Penrose Marine")', () => {
    const known = ['pen', 'rose', 'marin', 'quot']
    expect(spellings('quoting for Penrose Marine', known)).toEqual([['quoting'], ['penrose'], ['marine']])
    expect(spellings('quoting for penrose marine', known)).toContainEqual(['penrose', 'pen rose'])
  })

  it('reads an NMEA 0183 sentence with or without its talker, and nothing else as one', () => {
    expect(spellings('RMC sentence missing', ['gprmc', 'iirmc', 'sentenc'])).toEqual([
      ['rmc', 'gprmc', 'iirmc'],
      ['sentence'],
      ['missing'],
    ])
    expect(spellings('why is $GPZDA empty', ['zda'])).toEqual([['gpzda', 'zda'], ['empty']])
    // "put" is no sentence, so never "input"; "inlet" is no talker's sentence.
    expect(spellings('put the inlet hose back', ['input', 'let'])).toEqual([['put'], ['inlet'], ['hose'], ['back']])
    const index = buildIndex([
      passage(0, 'The gateway converts $IIMWV into PGN 130306 and $GPRMC into PGN 129026.'),
      passage(1, 'The wind vane must be aligned with the bow.'),
    ])
    expect(retrieveKept('demo', index, 'which pgn does the gateway send for MWV').sources[0]?.id).toBe('doc1:0')
  })

  it('adds nothing the passages do not hold', () => {
    const words = searchTerms('back light fuse')
    const terms = words.map((word) => ({ word, forms: [word] }))
    expect(joinedSpellings('back light fuse', words).withKnown(terms, () => 0)).toBe(terms)
    // A word written as meant (in capitals) is not split.
    expect(splitSpellings([{ word: 'seawater', forms: ['seawater'] }], new Set(['seawater'])).stems).toEqual([])
  })

  it('searches a word the passages hold apart too, where another passage writes it so', () => {
    const index = buildIndex([
      passage(0, 'MYAUX sets up to 10 auxiliary call signs that answer connect requests.'),
      passage(1, 'PING sends a ping to the target callsign with a repeat count.'),
      passage(2, 'ARQCALL calls the target callsign; the callsign must be legitimate.'),
      passage(3, 'Route the NMEA 2000 drop cable away from the inverter.'),
    ])
    const found = retrieveKept('demo', index, 'how many auxiliary callsigns can it answer')
    expect(found.sources[0]?.id).toBe('doc1:0')
    // The phrase is searched too (weights.test.ts: the word still weighs as rare as it is).
    const callsigns = found.terms.indexOf('callsigns')
    expect(found.forms?.[callsigns]).toEqual(['callsigns', 'call signs'])
  })

  it('finds the passage that writes the words together, and the one that writes them apart', () => {
    const index = buildIndex([
      passage(0, 'If the backlight flickers, replace the backlight fuse F3 behind the bezel.'),
      passage(1, 'Keep the light sensor clean; the back cover must stay sealed.'),
      passage(2, 'Route the NMEA 2000 drop cable away from the inverter.'),
      passage(3, 'A seawater pump feeds the cooler; the sea chest needs a strainer.'),
    ])
    expect(retrieveKept('demo', index, 'back light flickers').sources[0]?.id).toBe('doc1:0')
    expect(retrieveKept('demo', index, 'nmea2000 drop cable').sources[0]?.id).toBe('doc1:2')
  })
})
