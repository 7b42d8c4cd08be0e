import { tokens } from '@mw/sync-protocol/retrieval'
import { describe, expect, it } from 'vitest'
import { pdfOfStreams, textAt } from '../../test/pdf.ts'
import { parseDocument } from '../parse-document.ts'
import { documentWords, joinWrapped } from './pdf-hyphens.ts'

describe('a document’s words', () => {
  it('are its lines’ words in lower case, a compound whole, its cells read apart', () => {
    const words = documentWords(['Engage the Autopilot-provided heading', 'GPS | black-on-white'])
    expect([...words]).toEqual(['engage', 'the', 'autopilot-provided', 'heading', 'gps', 'black-on-white'])
  })

  it('leave out both pieces of a word broken at a line’s or a cell’s end', () => {
    const words = documentWords(['Edit the config-', 'uration file', 'Port | Set the sen-', 'Baud | tence rate'])
    expect(words.has('config')).toBe(false)
    expect(words.has('uration')).toBe(false)
    expect(words.has('sen')).toBe(false)
    expect(words.has('tence')).toBe(false)
    expect([...words]).toEqual(expect.arrayContaining(['edit', 'file', 'port', 'set', 'baud', 'rate']))
  })
})

describe('joining two wrapped lines', () => {
  // The words of a document that writes these elsewhere, as seen on their own lines.
  const words = documentWords([
    'Set the time-stamp. The configuration is stored with the autopilot.',
    'Power is provided by the bus.',
    'Check the equipment for your own programmer.',
    'Wear the suit you are able to, and hoist the flag of the ship.',
    'Description',
  ])

  it.each([
    [
      'a compound the document writes whole keeps its hyphen',
      'Each fix has a time-',
      'stamp.',
      'Each fix has a time-stamp.',
    ],
    ['a word the document writes whole joins up', 'Edit the config-', 'uration.', 'Edit the configuration.'],
    [
      'two pieces the document uses as words are a compound',
      'The autopilot-',
      'provided heading',
      'The autopilot-provided heading',
    ],
    ['a piece that is no word of the document is hyphenation', 'It is program-', 'mable', 'It is programmable'],
    ['a piece shorter than three letters is hyphenation', 'It re-', 'quires power', 'It requires power'],
    ['a suffix that is a word too is hyphenation', 'if suit-', 'able, file it', 'if suitable, file it'],
    ['so is another such', 'the flag-', 'ship leads', 'the flagship leads'],
    [
      'a word broken twice, in a narrow cell, that the document writes whole',
      'The De-scrip-',
      'tion',
      'The Description',
    ],
    ['a first piece of one letter is a compound’s', 'any n-', 'digit number', 'any n-digit number'],
    ['a first piece with a digit is a compound’s', 'In 3rd-', 'party frames', 'In 3rd-party frames'],
    [
      'a compound broken at its own second hyphen keeps it',
      'on a black-',
      'on-white display',
      'on a black-on-white display',
    ],
    [
      'a compound broken at its own first hyphen keeps it',
      'the nmea-reader-',
      'downloads page',
      'the nmea-reader-downloads page',
    ],
    ['an option broken at its own hyphen keeps it', 'use --with-', 'erlangstorage', 'use --with-erlangstorage'],
    ['a line going on in upper case is a new word', 'Use the NMEA-', 'Bridge cable', 'Use the NMEA- Bridge cable'],
    ['a line going on with a digit is a new word', 'range 10-', '20 V', 'range 10- 20 V'],
    ['a line without a hyphen at its end is a new word', 'Set the', 'heading', 'Set the heading'],
  ])('%s', (_, first, next, joined) => {
    expect(joinWrapped(first, next, words)).toBe(joined)
  })

  it('joins every break up when the document gives no words, as TeX hyphenates', () => {
    expect(joinWrapped('The autopilot-', 'provided heading', new Set())).toBe('The autopilotprovided heading')
  })
})

describe('a PDF’s line-end hyphens', () => {
  it('keep a word processor’s compound searchable and join a hyphenated word', async () => {
    const page = [
      'Engage the autopilot at the helm. Power is provided by the bus.',
      'The course is held on the autopilot-',
      'provided heading until the helm is taken. Check the config-',
      'uration: each configuration is kept.',
    ]
      .map((text, i) => textAt(72, 700 - i * 14, text))
      .join('\n')
    const parsed = await parseDocument('pilot.pdf', pdfOfStreams([page]))
    const text = parsed.paragraphs.map((p) => p.text).join('\n')
    expect(text).toContain('on the autopilot-provided heading')
    expect(text).toContain('Check the configuration: each')
    // Searched as the server's full-text index reads it: the compound's words, not one glued token.
    const searched = tokens(text)
    expect(searched).toEqual(expect.arrayContaining([...tokens('autopilot provided'), ...tokens('configuration')]))
    expect(searched).not.toContain(tokens('autopilotprovided')[0])
  })
})
