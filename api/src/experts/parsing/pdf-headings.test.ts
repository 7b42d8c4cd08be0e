import { describe, expect, it } from 'vitest'
import { boldAt, pdfItem, pdfOfStreams, textAt } from '../../test/pdf.ts'
import { parseDocument } from '../parse-document.ts'
import { Outline } from './outline.ts'
import { pageLines } from './pdf.ts'
import { numberedLevel, RUN_IN_LEVEL } from './pdf-headings.ts'

describe('PDF headings over two lines', () => {
  it('are one heading when the text goes on in the same style on the next line', async () => {
    const answer = (y: number, lines: string[]) => lines.map((text, i) => textAt(72, y - i * 12, text))
    const page = [
      textAt(72, 700, '4 My pump will not prime when the tank is low and the hose runs', 14),
      textAt(72, 682, 'uphill, so what is the problem?', 14),
      ...answer(660, ['Fill the hose first and lower the pump below the tank, then run it', 'with the outlet open.']),
      textAt(72, 610, '5 Where does the drain go?', 14),
      ...answer(588, ['Into the bilge sump, never overboard, and the sump', 'is pumped out at the marina.']),
    ]
    const parsed = await parseDocument('pump.pdf', pdfOfStreams([page.join('\n')]))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      [
        '4 My pump will not prime when the tank is low and the hose runs uphill, so what is the problem?',
        'Fill the hose first and lower the pump below the tank, then run it with the outlet open.',
      ],
      ['5 Where does the drain go?', 'Into the bilge sump, never overboard, and the sump is pumped out at the marina.'],
    ])
  })

  it('are one heading when the first line ends at a comma, or the heading is bold in the body’s size', async () => {
    const body = (y: number, lines: string[]) => lines.map((text, i) => textAt(72, y - i * 12, text))
    const page = [
      textAt(72, 700, '3.3.8 Options common to all ports of the Z80 family, the z80, z180, r2k, r3ka,', 12),
      textAt(72, 686, 'sm83 and ez80', 12),
      ...body(664, ['These options select the calling convention and the startup code.', 'They apply to each port.']),
      boldAt(72, 620, '3.3.9 Options for the ports of the small eight-bit'),
      boldAt(72, 608, 'microcontrollers'),
      ...body(590, ['These options select the stack model of the small devices.', 'They apply to each one.']),
    ]
    const parsed = await parseDocument('ports.pdf', pdfOfStreams([page.join('\n')]))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      [
        '3.3.8 Options common to all ports of the Z80 family, the z80, z180, r2k, r3ka, sm83 and ez80',
        'These options select the calling convention and the startup code. They apply to each port.',
      ],
      [
        '3.3.9 Options for the ports of the small eight-bit microcontrollers',
        'These options select the stack model of the small devices. They apply to each one.',
      ],
    ])
  })
})

describe('PDF headings the outline names twice', () => {
  it('take the depth of each entry in turn when the title is at two depths', async () => {
    // As in a LyX manual: "Memory Models" is section 1.2 and, in another chapter, section 2.1.1.
    const headings: [string, number][] = [
      ['1 Using the compiler', 17],
      ['1.1 Library Routines', 14],
      ['1.2 Memory Models', 14],
      ['1.2.1 Small model', 12],
      ['2 Ports', 17],
      ['2.1 PIC16 port', 14],
      ['2.1.1 Memory Models', 12],
    ]
    // Two lines of text under each heading: a page of headings alone would be a contents page.
    const page = headings.flatMap(([text, size], i) => [
      textAt(72, 740 - i * 80, text, size),
      textAt(72, 720 - i * 80, `What section ${text.split(' ')[0]} says,`),
      textAt(72, 708 - i * 80, 'in a few words.'),
    ])
    const outline = headings.map(([text]) => ({
      title: text.replace(/^[\d.]+ /, ''),
      page: 1,
      depth: text.split(' ')[0]?.split('.').length,
    }))
    const parsed = await parseDocument('compiler.pdf', pdfOfStreams([page.join('\n')], { outline }))
    expect(parsed.paragraphs.map((p) => p.section)).toEqual([
      '1 Using the compiler',
      '1 Using the compiler › 1.1 Library Routines',
      '1 Using the compiler › 1.2 Memory Models',
      '1 Using the compiler › 1.2 Memory Models › 1.2.1 Small model',
      '2 Ports',
      '2 Ports › 2.1 PIC16 port',
      '2 Ports › 2.1 PIC16 port › 2.1.1 Memory Models',
    ])
  })
})

describe('PDF appendices', () => {
  it('are sections when the page names them "Appendix A" and numbers theirs "A.1", and the outline neither', async () => {
    // As Texinfo sets them: bookmarks "A Platform Notes" and "Unix" over "Appendix A Platform Notes", "A.1 Unix".
    const body = (y: number, text: string) => [textAt(72, y, text), textAt(72, y - 12, 'as the manual says for each.')]
    const pages = [
      [textAt(72, 700, '5.3 Serial programmer', 14), ...body(680, 'Wire it to the UART of a USB adapter,')],
      [
        textAt(72, 700, 'Appendix A Platform Notes', 17),
        ...body(680, 'Each system has its own port names,'),
        textAt(72, 640, 'A.1 Unix', 14),
        ...body(620, 'Install it from the ports tree,'),
        textAt(72, 580, 'Appendix B Troubleshooting', 17),
        ...body(560, 'Check the cable first,'),
      ],
    ]
    const titles = ['Serial programmer', 'A Platform Notes', 'Unix', 'B Troubleshooting']
    const outline = titles.map((title, i) => ({ title, page: i < 1 ? 1 : 2 }))
    const parsed = await parseDocument(
      'avr.pdf',
      pdfOfStreams(
        pages.map((p) => p.join('\n')),
        { outline },
      ),
    )
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['5.3 Serial programmer', 'Wire it to the UART of a USB adapter, as the manual says for each.'],
      ['Appendix A Platform Notes', 'Each system has its own port names, as the manual says for each.'],
      ['A.1 Unix', 'Install it from the ports tree, as the manual says for each.'],
      ['Appendix B Troubleshooting', 'Check the cable first, as the manual says for each.'],
    ])
  })
})

describe('PDF chapter labels', () => {
  it('"Chapter 2", "Part I" or "CHAPTER" over "THREE" over a title in large type is no passage', async () => {
    // As LaTeX's book class and dblatex set them; the outline names the part "I Installation".
    const pages = [
      [
        textAt(72, 700, 'Part I', 18),
        textAt(72, 650, 'Installation', 22),
        textAt(72, 600, 'Fit it near the backbone.'),
      ],
      [
        textAt(72, 700, 'Chapter 2', 18),
        textAt(72, 650, 'Wiring', 22),
        textAt(72, 600, 'Run the drop cable to the backbone tee.'),
      ],
      // Sphinx sets the word in the body's size over the number in the title's.
      [
        textAt(72, 700, 'CHAPTER'),
        textAt(72, 676, 'THREE', 18),
        textAt(72, 620, 'CALIBRATION', 22),
        textAt(72, 580, 'Swing the compass in calm water.'),
      ],
    ]
    const outline = [
      { title: 'I Installation', page: 1 },
      { title: 'Wiring', page: 2 },
      { title: 'Calibration', page: 3 },
    ]
    const parsed = await parseDocument(
      'gateway.pdf',
      pdfOfStreams(
        pages.map((p) => p.join('\n')),
        { outline },
      ),
    )
    const expected = [
      ['Installation', 'Fit it near the backbone.'],
      ['Wiring', 'Run the drop cable to the backbone tee.'],
      ['CALIBRATION', 'Swing the compass in calm water.'],
    ]
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual(expected)
    const plain = await parseDocument('gateway.pdf', pdfOfStreams(pages.map((p) => p.join('\n'))))
    expect(plain.paragraphs.map((p) => [p.section, p.text])).toEqual(expected)
  })
})

describe('PDF man pages (groff)', () => {
  it('give an option’s dashes drawn as minus signs or typographic hyphens as the keyboard’s', () => {
    const items = [pdfItem('\u2212a, \u2212\u2212all', 108, 700), pdfItem('non\u2011breaking and \u2010', 108, 688)]
    expect(pageLines(items).map((line) => line.text)).toEqual(['-a, --all', 'non-breaking and -'])
  })

  const term = (y: number, option: string, text: string) => [boldAt(108, y, option), textAt(144, y - 12, text)]
  it('keep an option’s hyphens, and a heading a point larger than the bold term under it is one', async () => {
    const heading = (y: number, text: string) => boldAt(72, y, text, 11)
    const page = [
      heading(700, 'OPTIONS'),
      ...term(688, '-a, --all', 'do not ignore entries starting with .'),
      ...term(660, '--author', 'print the author of each file'),
      heading(620, 'EXIT STATUS'),
      textAt(108, 608, '0 if OK, 1 if minor problems, 2 if serious trouble.'),
      heading(580, 'SEE ALSO'),
      ...term(568, 'dircolors(1)', 'Full documentation online.'),
    ]
    const parsed = await parseDocument('ls.pdf', pdfOfStreams([page.join('\n')]))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['OPTIONS', '-a, --all do not ignore entries starting with .\n--author print the author of each file'],
      ['EXIT STATUS', '0 if OK, 1 if minor problems, 2 if serious trouble.'],
      ['SEE ALSO', 'dircolors(1) Full documentation online.'],
    ])
  })
})

describe('PDF numbered headings by the numbered headings open above them', () => {
  it('put "7." after "6.4" beside "6.", not inside "6.4", however deep it was found', () => {
    const outline = new Outline()
    outline.enter(1, 'Producing PDFs with groff and mom')
    outline.enter(2, '6. pdfmom: Simplifying PDF output')
    outline.enter(3, '6.4. Differences between pdfmom and pdfroff')
    const seventh = '7. Comparison of -Tps /-mpdfmark with -Tpdf /-mom'
    outline.enter(numberedLevel(outline.open, seventh, RUN_IN_LEVEL), seventh)
    expect(outline.path).toBe(`Producing PDFs with groff and mom › ${seventh}`)
  })

  it('leave numbered steps inside a section as they are, and never make a heading deeper', () => {
    const outline = new Outline()
    outline.enter(1, '1. Introduction')
    outline.enter(2, '1.2 Setting up')
    for (const step of ['1. Connect the cable', '2. Power it on']) {
      outline.enter(numberedLevel(outline.open, step, RUN_IN_LEVEL), step)
    }
    expect(outline.path).toBe('1. Introduction › 1.2 Setting up › 2. Power it on')
    expect(numberedLevel(outline.open, '3. Wiring', 1)).toBe(1)
  })
})
