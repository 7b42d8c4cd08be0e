import { describe, expect, it } from 'vitest'
import { pdfOfStreams, textAt } from '../../test/pdf.ts'
import { parseDocument } from '../parse-document.ts'

const enc = (text: string) => new TextEncoder().encode(text)

describe('PDF table rows without a letter', () => {
  const row = (y: number, cells: string[]) => cells.map((cell, c) => textAt(72 + c * 80, y, cell))

  it('are dropped as rules and rulers, but numbers under a header of words are data', async () => {
    const page = [
      textAt(72, 720, 'Bearing, origin to destination', 14),
      // A field-number ruler and its ticks drawn as bars over the sentence format they number.
      ...row(700, ['1', '2', '3 4', '5']),
      ...row(690, ['|', '|', '|', '|']),
      textAt(72, 680, '$--BOD,x.x,T,x.x,M*hh'),
      textAt(72, 650, 'Readings taken at the berth:'),
      ...row(630, ['Sensor', 'Volts']),
      ...row(616, ['1', '12.6']),
      ...row(602, ['2', '12.4']),
    ].join('\n')
    const parsed = await parseDocument('sentences.pdf', pdfOfStreams([page]))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual([
      '$--BOD,x.x,T,x.x,M*hh',
      'Readings taken at the berth:',
      'Sensor | Volts',
      '1 | 12.6',
      '2 | 12.4',
    ])
  })
})

describe('A table laid out in two column groups side by side', () => {
  const row = (y: number, cells: string[]) => cells.map((cell, c) => textAt(72 + c * 120, y, cell))

  it('is read one group after the other when the keys of both groups have one shape (PDF, no header)', async () => {
    const makers = [
      ['FUR', 'Furuno USA', 'MDL', 'Medallion Instruments'],
      ['GAM', 'GRE America', 'MEC', 'Marine Engine Center'],
      ['GRM', 'Garmin Corporation', 'MIE', 'Mieco'],
      ['KVH', 'KVH Company', 'NVC', 'Navico'],
    ]
    const conversions = [
      ['Sentence', 'Meaning', 'PGN', 'Meaning'],
      ['RMC', 'Position and time', '129025', 'Position, rapid'],
      ['HDG', 'Heading', '127250', 'Vessel heading'],
      ['MWV', 'Wind speed and angle', '130306', 'Wind data'],
      ['DPT', 'Depth', '128267', 'Water depth'],
    ]
    const page = [
      ...makers.flatMap((cells, r) => row(700 - r * 14, cells)),
      textAt(72, 600, 'The gateway converts these sentences.'),
      ...conversions.flatMap((cells, r) => row(580 - r * 14, cells)),
    ].join('\n')
    const parsed = await parseDocument('codes.pdf', pdfOfStreams([page]))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual([
      'FUR | Furuno USA',
      'GAM | GRE America',
      'GRM | Garmin Corporation',
      'KVH | KVH Company',
      'MDL | Medallion Instruments',
      'MEC | Marine Engine Center',
      'MIE | Mieco',
      'NVC | Navico',
      'The gateway converts these sentences.',
      ...conversions.map((cells) => cells.join(' | ')),
    ])
  })

  it('keeps a table of numbers whole unless its two halves are one numbered list', async () => {
    const fields = [
      ['1', 'Heading', '16', 'Radians, 0.0001'],
      ['2', 'Deviation', '16', 'Radians, 0.0001'],
      ['3', 'Variation', '16', 'Radians, 0.0001'],
      ['4', 'Reference', '2', 'Lookup'],
    ]
    const pins = [
      ['1', 'Shield', '5', 'CAN low'],
      ['2', 'Power +', '6', 'Spare'],
      ['3', 'Power -', '7', 'Spare'],
      ['4', 'CAN high', '8', 'Spare'],
    ]
    const textsOf = async (table: string[][]) =>
      (
        await parseDocument('t.pdf', pdfOfStreams([table.flatMap((cells, r) => row(700 - r * 14, cells)).join('\n')]))
      ).paragraphs.map((p) => p.text)
    expect(await textsOf(fields)).toEqual(fields.map((cells) => cells.join(' | ')))
    expect(await textsOf(pins)).toEqual(
      [...pins.map((c) => c.slice(0, 2)), ...pins.map((c) => c.slice(2))].map((c) => c.join(' | ')),
    )
  })

  it('gives each group its own row when the header repeats (HTML)', async () => {
    const page = `<table><tr><th>Pin</th><th>Signal</th><th>Pin</th><th>Signal</th></tr>
      <tr><td>1</td><td>Shield</td><td>4</td><td>CAN H</td></tr>
      <tr><td>2</td><td>NET-S</td><td>5</td><td>CAN L</td></tr></table>`
    const { paragraphs } = await parseDocument('pins.html', enc(page))
    expect(paragraphs.map((p) => [p.text, p.header])).toEqual([
      ['Pin | Signal', undefined],
      ['1 | Shield', 'Pin | Signal'],
      ['2 | NET-S', 'Pin | Signal'],
      ['4 | CAN H', 'Pin | Signal'],
      ['5 | CAN L', 'Pin | Signal'],
    ])
  })
})

describe('A heading number set apart from its title by a tab', () => {
  it('is one line of text, not a row of two cells, unless the lines beside it are rows', async () => {
    const page = [
      textAt(72, 720, 'The TCPIP interface takes advantage of the retry features of TCP.'),
      textAt(72, 690, '4.1'),
      textAt(108, 690, 'Host to TNC Commands and status:'),
      textAt(72, 676, 'Commands are case insensitive and must be ASCII encoded.'),
      textAt(72, 640, 'Clauses by number:'),
      textAt(72, 620, '4.1'),
      textAt(108, 620, 'Commands'),
      textAt(72, 606, '4.2'),
      textAt(108, 606, 'Data'),
    ].join('\n')
    const parsed = await parseDocument('spec.pdf', pdfOfStreams([page]))
    const text = parsed.paragraphs.map((p) => p.text).join('\n')
    expect(text).toContain('4.1 Host to TNC Commands and status:')
    expect(text).not.toContain('4.1 | Host')
    expect(text).toContain('4.1 | Commands\n4.2 | Data')
  })
})
