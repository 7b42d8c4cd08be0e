import { describe, expect, it } from 'vitest'
import { pdfItem, pdfOfStreams, textAt } from '../../test/pdf.ts'
import { parseDocument } from '../parse-document.ts'
import { pageLines } from './pdf.ts'

describe('PDF tables keep their rows', () => {
  const rows = [
    ['Code', 'Meaning', 'What to do'],
    ['E12', 'Seawater flow low', 'Check the strainer'],
    ['E31', 'Bearing temperature high', 'Stop and call service'],
  ]
  const page = [
    textAt(72, 720, 'The controller shows these codes when it stops the flywheel.'),
    ...rows.flatMap((cells, r) => cells.map((cell, c) => textAt(72 + c * 150, 690 - r * 14, cell))),
    textAt(72, 620, 'After a repair the code clears'),
    textAt(72, 606, 'once the flywheel has spun up again.'),
  ].join('\n')

  it('gives each row as cell | cell | cell on a line of its own, and keeps prose joined', async () => {
    const parsed = await parseDocument('fault-codes.pdf', pdfOfStreams([page]))
    const lines = parsed.paragraphs.flatMap((p) => p.text.split('\n'))
    expect(lines).toContain('Code | Meaning | What to do')
    expect(lines).toContain('E12 | Seawater flow low | Check the strainer')
    expect(lines).toContain('E31 | Bearing temperature high | Stop and call service')
    expect(lines).toContain('After a repair the code clears once the flywheel has spun up again.')
  })

  it('puts back together a row whose cells wrap, drawn a cell at a time as word processors do', async () => {
    // Each cell top to bottom, then the next cell: lines 12 apart inside a cell, rows 18 apart.
    const cell = (x: number, y: number, lines: string[]) => lines.map((text, i) => textAt(x, y - i * 12, text))
    const page = [
      ...cell(72, 700, ['Sentence']),
      ...cell(222, 700, ['PGN']),
      ...cell(372, 700, ['Hint']),
      ...cell(72, 682, ['MWV']),
      ...cell(222, 682, ['130306 Wind', 'Data']),
      ...cell(372, 682, ['Sent as ground', 'referenced to True', 'North']),
      ...cell(72, 628, ['RSA']),
      ...cell(222, 628, ['127245 Rudder']),
      ...cell(372, 628, ['Only one rudder']),
    ].join('\n')
    const parsed = await parseDocument('conversions.pdf', pdfOfStreams([page]))
    expect(parsed.paragraphs.map((p) => [p.text, p.header])).toEqual([
      ['Sentence | PGN | Hint', undefined],
      ['MWV | 130306 Wind Data | Sent as ground referenced to True North', 'Sentence | PGN | Hint'],
      ['RSA | 127245 Rudder | Only one rudder', 'Sentence | PGN | Hint'],
    ])
  })
  it('joins up a word a narrow cell breaks at a hyphen, as a paragraph’s are, and keeps a compound’s', async () => {
    const page = [
      textAt(72, 700, 'STK600-RC040M'),
      ...['ATmega16 AT-', 'mega32 ATmega164P', 'in a push-', 'to-fit socket'].map((text, i) =>
        textAt(222, 700 - i * 12, text),
      ),
      textAt(72, 640, 'STK600-RC020T'),
      textAt(222, 640, 'ATtiny26'),
    ].join('\n')
    const parsed = await parseDocument('sockets.pdf', pdfOfStreams([page]))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual([
      'STK600-RC040M | ATmega16 ATmega32 ATmega164P in a push-to-fit socket',
      'STK600-RC020T | ATtiny26',
    ])
  })

  it('reads a column drawn after rows written whole beside it as a column of its own, not as their cells', () => {
    // An example's input, a row a line (page, command), then its output drawn top to bottom beside it.
    const input = [
      ['Page ii:', '\\index{Alpha}'],
      ['Page viii:', '\\index{alpha}'],
      ['Page ix:', '\\index{Alphabet}'],
      ['Page 22:', '\\index{alphas}'],
    ].flatMap(([page, command], i) => [
      pdfItem(page ?? '', 150, 600 - i * 12, 40),
      pdfItem(command ?? '', 210, 600 - i * 12, 90),
    ])
    const output = ['Alpha, ii', 'alpha, viii, 22', 'Alphabet, ix', 'alphas, 22'].map((entry, i) =>
      pdfItem(entry, 340, 600 - i * 12, 70),
    )
    expect(pageLines([...input, ...output]).map((l) => l.text)).toEqual([
      'Page ii: | \\index{Alpha}',
      'Page viii: | \\index{alpha}',
      'Page ix: | \\index{Alphabet}',
      'Page 22: | \\index{alphas}',
      'Alpha, ii',
      'alpha, viii, 22',
      'Alphabet, ix',
      'alphas, 22',
    ])
  })

  it('puts back together a row whose short cells are drawn in the middle of its height', async () => {
    // LibreOffice and Word centre a cell vertically: the option's name and default sit level with
    // the middle of its description, and are written before and after it.
    const page = [
      textAt(72, 700, 'ignoreTimestamp'),
      ...['Normally old data is ignored. By', 'setting this flag the local time', 'is used instead.'].map((text, i) =>
        textAt(200, 712 - i * 12, text),
      ),
      textAt(420, 700, 'off'),
      textAt(72, 660, 'sendData'),
      textAt(200, 660, 'Send data towards SignalK.'),
      textAt(420, 660, 'on'),
    ].join('\n')
    const parsed = await parseDocument('options.pdf', pdfOfStreams([page]))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual([
      'ignoreTimestamp | Normally old data is ignored. By setting this flag the local time is used instead. | off',
      'sendData | Send data towards SignalK. | on',
    ])
  })

  it('keeps a row whose wide first cell runs into the second apart from the row above', async () => {
    const page = [
      textAt(72, 700, 'WHA'),
      textAt(120, 700, 'W-H Autopilots'),
      textAt(72, 688, 'WMM Wait Manufacturing and Marine Sales'),
      textAt(120, 676, 'Company'),
      textAt(72, 664, 'WNG'),
      textAt(120, 664, 'Winegard Company'),
    ].join('\n')
    const parsed = await parseDocument('codes.pdf', pdfOfStreams([page]))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual([
      'WHA | W-H Autopilots',
      'WMM Wait Manufacturing and Marine Sales | Company',
      'WNG | Winegard Company',
    ])
  })

  it('parts the cells of a LaTeX table at its column gap, 12 pt at 10 pt type, and no code lined up alike', () => {
    // The widest cell of a column sits exactly that far from the next; narrower ones further.
    const row = (y: number, cells: [string, number][]) => cells.map(([text, x]) => pdfItem(text, x, y))
    const items = [
      ...row(700, [
        ['-I <dir>', 72],
        ['--include <dir>', 124],
        ['Add an include directory', 246],
      ]),
      ...row(686, [
        ['-u', 72],
        ['--macro <symbol=value>', 124],
        ['Add a macro for the script', 246],
      ]),
      ...row(672, [
        ['-v', 72],
        ['--version', 124],
        ['Print the version', 246],
      ]),
      // Code lined up with spaces: every gap 12 pt, no column apart wider.
      ...row(620, [
        ['mov', 72],
        ['a,_head', 99],
      ]),
      ...row(608, [
        ['dec', 72],
        ['a', 99],
      ]),
    ]
    expect(pageLines(items).map((line) => line.text)).toEqual([
      '-I <dir> | --include <dir> | Add an include directory',
      '-u | --macro <symbol=value> | Add a macro for the script',
      '-v | --version | Print the version',
      'mov a,_head',
      'dec a',
    ])
  })
})
