import { describe, expect, it } from 'vitest'
import { chunkParagraphs } from '../chunk.ts'
import { parseDocument } from '../parse-document.ts'
import { withEntries } from './entries.ts'
import type { Paragraph } from './outline.ts'

const at = (section: string | null, text: string, page: number | null = 3): Paragraph => ({ section, page, text })
const sections = (paragraphs: Paragraph[]) => withEntries(paragraphs).map((p) => p.section)

describe('A reference list of entries named in capitals', () => {
  const commands = [
    at('Commands › DISCONNECT', 'Initiates a normal disconnect cycle for an ARQ connection.'),
    at('Commands › DISCONNECT', 'LEADER<120-2500> Get/Set the leader length in ms. (Default is 160 ms).'),
    at('Commands › DISCONNECT', 'LISTEN <False|True> Enables/disables the answer to an ARQ connect request.'),
    at('Commands › DISCONNECT', 'MYAUX <aux call sign1, aux call sign2> Sets up to 10 auxiliary call signs.'),
    at('Commands › DISCONNECT', 'PURGEBUFFER Clears any data in the outbound buffer.'),
    at('Commands › DISCONNECT', 'RADIOANT<0|1|2> Selects the radio antenna 1 or 2 for those radios that'),
    at('Commands › DISCONNECT', 'support antenna switching.', 4),
    at('Commands › DISCONNECT', 'The following RADIO commands support optional radio control.'),
  ]

  it('gives each entry a section of its own, beside a name set apart as a heading', () => {
    expect(sections(commands)).toEqual([
      'Commands › DISCONNECT',
      'Commands › LEADER',
      'Commands › LISTEN',
      'Commands › MYAUX',
      // Named and said what it does, without arguments.
      'Commands › PURGEBUFFER',
      // A sentence carried over a page stays with its entry; the next paragraph is not the entry's.
      'Commands › RADIOANT',
      'Commands › RADIOANT',
      'Commands › DISCONNECT',
    ])
  })

  it('makes a passage of each entry instead of one running from command to command', () => {
    const passages = chunkParagraphs(withEntries(commands))
    const myaux = passages.find((p) => p.text.startsWith('MYAUX'))
    expect(myaux?.section).toBe('Commands › MYAUX')
    expect(myaux?.text).not.toContain('LISTEN')
  })

  it('keeps the description under a name that has none of its own', () => {
    const list = [
      at('Modes', 'ARQBW<200MAX|500MAX> Sets the bandwidth for ARQ mode.'),
      at('Modes', 'ARQTIMEOUT<30-600> Sets the ARQ timeout in seconds.'),
      at('Modes', 'BUSYDET <0-10> Sets the busy detector threshold.'),
      at('Modes', 'FECMODE<4FSK.200.50S|4PSK200.100S|8PSK.200.100>'),
      at('Modes', 'Sets the modulation mode and bandwidth for FEC mode.'),
      at('Modes', 'FECREPEATS <0-5> Sets the number of times a frame is repeated.'),
      at('Modes', 'FECSEND <True, False> Starts or stops FEC broadcast mode.'),
      at('Modes', 'Both ends must use the same mode.'),
    ]
    expect(sections(list).slice(3)).toEqual([
      'Modes › FECMODE',
      'Modes › FECMODE',
      'Modes › FECREPEATS',
      'Modes › FECSEND',
      'Modes',
    ])
  })

  it('is no list where fewer than three entries with arguments come together', () => {
    const prose = [
      at('Intro', 'SDCC (Small Device C Compiler) is a free, retargettable C compiler.'),
      at('Intro', 'GPS receivers report their position once a second.'),
      at('Intro', 'NMEA <talker> sentences start with a dollar sign.'),
      at('Intro', 'The rest of this manual describes the installation.'),
      at('Intro', 'WARNING Disconnect the battery before working on the wiring.'),
    ]
    expect(withEntries(prose)).toEqual(prose)
  })

  it('leaves code, table rows and a name spelt out alone in a document that has a list', () => {
    const mixed = [
      at('Macros', 'DEF_INTHIGH(name) begins the table for high priority interrupts.'),
      at('Macros', 'DEF_INTLOW(name) begins the table for low priority interrupts.'),
      at('Macros', 'DEF_HANDLER(sig,handler) defines a handler for a signal.'),
      at('Macros', 'SIGHANDLER(_tmr0_handler)\n{\n/* when timer 0 overflows */\n}'),
      { ...at('Macros', 'WITH_ZLIB=no | build without zlib'), verbatim: true },
      at('Macros', 'Some more words about the macros.'),
      at('Other', 'SDCC (Small Device C Compiler) is a free compiler.'),
    ]
    expect(sections(mixed)).toEqual([
      'Macros › DEF_INTHIGH',
      'Macros › DEF_INTLOW',
      'Macros › DEF_HANDLER',
      'Macros',
      'Macros',
      'Macros',
      'Other',
    ])
  })

  it('is found in any format: a Markdown command list', async () => {
    const markdown = [
      '# LinPac',
      '',
      '## Commands',
      '',
      'SET [variable] [value] assigns a value to the variable.',
      '',
      'UNSET [variable] removes the variable.',
      '',
      'GET [variable] returns the value of the variable.',
    ].join('\n')
    const parsed = await parseDocument('commands.md', new TextEncoder().encode(markdown))
    expect(parsed.paragraphs.map((p) => p.section)).toEqual(['Commands › SET', 'Commands › UNSET', 'Commands › GET'])
  })
})
