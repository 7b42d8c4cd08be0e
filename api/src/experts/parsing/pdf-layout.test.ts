import { describe, expect, it } from 'vitest'
import { boldAt, pdfItem, pdfOfStreams, textAt } from '../../test/pdf.ts'
import { parseDocument } from '../parse-document.ts'
import { pageLines } from './pdf.ts'
import { headingLevel } from './pdf-headings.ts'

describe('PDF text drawn in the ways presentation and icon fonts draw it', () => {
  it('reads text drawn twice a point apart (a shadow, a fake bold) once', () => {
    const lines = pageLines([pdfItem('Highlights', 72, 700), pdfItem('Highlights', 73.5, 701.5)])
    expect(lines.map((l) => l.text)).toEqual(['Highlights'])
  })

  it('leaves out icon fonts’ private-use glyphs', () => {
    const lines = pageLines([pdfItem('\uf05a', 72, 700, 10), pdfItem('Back up the SD card first.', 100, 700)])
    expect(lines.map((l) => l.text)).toEqual(['Back up the SD card first.'])
  })

  it('drops bars set apart as cells (a ruler’s ticks) and keeps a bar in the text (a shell pipe)', () => {
    const lines = pageLines([
      pdfItem('|', 72, 700, 2),
      pdfItem('$--DBT,x.x,f*hh', 100, 700),
      pdfItem('| |', 200, 700, 12),
      pdfItem('| sudo bash', 72, 686),
    ])
    expect(lines.map((l) => l.text)).toEqual(['$--DBT,x.x,f*hh', '| sudo bash'])
  })

  it('keeps a bullet or an item number set apart by a tab with its item, not as a table cell', () => {
    const lines = pageLines([
      pdfItem('●', 72, 700, 6),
      pdfItem('NMEA multiplexer built in', 100, 700),
      pdfItem('2.', 72, 686, 8),
      pdfItem('Check the network cable', 100, 686),
    ])
    expect(lines.map((l) => l.text)).toEqual(['● NMEA multiplexer built in', '2. Check the network cable'])
  })
})

describe('PDF words broken at a line end', () => {
  it('join up, and a compound broken at its own hyphen keeps it', async () => {
    const page = [
      textAt(72, 700, 'Check the equip-'),
      textAt(72, 686, 'ment on a black-'),
      textAt(72, 672, 'on-white display.'),
    ].join('\n')
    const parsed = await parseDocument('display.pdf', pdfOfStreams([page]))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual(['Check the equipment on a black-on-white display.'])
  })
})

describe('PDF titles', () => {
  const page = [textAt(72, 700, 'Wiring diagram', 20), textAt(72, 660, 'Feed the pump from F3.')]
  it("come from the file's metadata unless a program left its default name there", async () => {
    const titled = (title: string) => parseDocument('sheet.pdf', pdfOfStreams([page.join('\n')], { title }))
    expect((await titled('Bilge pump wiring')).title).toBe('Bilge pump wiring')
    for (const title of ['Layout1', 'Sheet 2', 'Presentation1', 'Microsoft Word - pump.docx', 'pump.dwg', 'pump.dvi']) {
      expect((await titled(title)).title).toBe('Wiring diagram')
    }
  })

  it("come from the cover where the metadata's title is another document's or a file's name", async () => {
    const titled = (title: string) => parseDocument('sheet.pdf', pdfOfStreams([page.join('\n')], { title }))
    // Left from the template the file was made from: no word of it is on the cover.
    expect((await titled('Processor Regatta - User manual')).title).toBe('Wiring diagram')
    expect((await titled('WiringDiagramRev3')).title).toBe('Wiring diagram')
    // A title the cover puts otherwise, sharing a word, is the file's own.
    expect((await titled('Bilge pump wiring, rev. 3')).title).toBe('Bilge pump wiring, rev. 3')
  })

  it('come from the cover though the title runs at the head of every page', async () => {
    const cover = [textAt(72, 700, 'Bilge Pump Manual', 24), textAt(72, 660, 'Harbor Marine Ltd', 17)].join('\n')
    const inner = ['Priming', 'Wiring', 'Seals', 'Floats', 'Hoses', 'Alarms'].map((topic) =>
      [textAt(72, 760, 'Bilge Pump Manual'), textAt(72, 700, `${topic} is covered on this page.`)].join('\n'),
    )
    const parsed = await parseDocument('pump.pdf', pdfOfStreams([cover, ...inner]))
    expect(parsed.title).toBe('Bilge Pump Manual')
    expect(parsed.paragraphs.map((p) => p.text)).not.toContain('Bilge Pump Manual')
  })

  it('without one, come from the cover: its lines in the largest type, not a chapter bookmarked after it', async () => {
    const cover = [
      textAt(72, 700, 'Dire Wolf', 14),
      textAt(72, 660, 'AIS Reception', 26),
      textAt(72, 630, 'with a cheap radio', 26),
      textAt(72, 600, '05.09.2020', 26),
      textAt(72, 560, 'Contents'),
    ]
    const chapter = [
      textAt(72, 700, '1 What is AIS?', 14),
      textAt(72, 660, 'Ships send their position, course and speed on two VHF channels,'),
      textAt(72, 646, 'which a receiver decodes for the chart plotter and the logs.'),
    ]
    const outline = [{ title: '1 What is AIS?', page: 2 }]
    const parsed = await parseDocument('ais.pdf', pdfOfStreams([cover.join('\n'), chapter.join('\n')], { outline }))
    expect(parsed.title).toBe('AIS Reception with a cheap radio')
    // A first page in body type only leaves the first heading as the title.
    const plain = await parseDocument(
      'ais.pdf',
      pdfOfStreams([chapter.join('\n')], { outline: [{ title: '1 What is AIS?', page: 1 }] }),
    )
    expect(plain.title).toBe('1 What is AIS?')
  })
})

describe('PDF outlines that do not name the headings', () => {
  const at = (x: number, y: number, size: number, text: string) => textAt(x, y, text, size)
  const body = (y: number, text: string) => textAt(72, y, text)

  it('name them without their numbers: a numbered heading whose title is an entry is a heading', async () => {
    const page = [
      at(72, 700, 14, '3 Installation'),
      body(680, 'Fit the unit on a flat bulkhead.'),
      boldAt(72, 660, '3.2 Directories'),
      body(640, 'The installer asks where the files go.'),
      // A numbered line in the body's type whose words are an entry too is no heading.
      body(626, '3 Directories are made for you.'),
    ].join('\n')
    const outline = [
      { title: 'Installation', page: 1 },
      { title: 'Directories', page: 1 },
      { title: 'Safety', page: 1 },
    ]
    const parsed = await parseDocument('guide.pdf', pdfOfStreams([textAt(72, 700, 'Safety'), page], { outline }))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['3 Installation', 'Fit the unit on a flat bulkhead.'],
      ['3.2 Directories', 'The installer asks where the files go. 3 Directories are made for you.'],
    ])
  })

  it('name their lines though each title ends in an icon font glyph (a web page printed to PDF)', async () => {
    const page = [
      at(72, 700, 14, 'Updating the CPLD'),
      body(680, 'Wait until three LEDs blink.'),
      // A numbered step with a command in a code font: no heading of its own.
      textAt(90, 640, '2. Type'),
      textAt(130, 640, 'dfu-util --device 1fc9:000c', 10, 'F2'),
      body(626, 'to load the firmware into RAM.'),
    ].join('\n')
    const outline = [{ title: 'Updating the CPLD\uf0c1', page: 1 }]
    const parsed = await parseDocument('hackrf.pdf', pdfOfStreams([page], { outline }))
    expect(new Set(parsed.paragraphs.map((p) => p.section))).toEqual(new Set(['Updating the CPLD']))
  })

  it('fall back to the type size when no entry is a line of the text (slide numbers)', async () => {
    const pages = [
      [at(72, 700, 24, 'Wind instruments'), body(660, 'Calibrate the masthead unit after fitting.')].join('\n'),
      [at(72, 700, 24, 'Depth sounder'), body(660, 'Set the keel offset in the setup menu.')].join('\n'),
    ]
    const outline = [
      { title: 'Slide 1', page: 1 },
      { title: 'Slide 2', page: 2 },
    ]
    const parsed = await parseDocument('talk.pdf', pdfOfStreams(pages, { outline }))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['Wind instruments', 'Calibrate the masthead unit after fitting.'],
      ['Depth sounder', 'Set the keel offset in the setup menu.'],
    ])
  })

  it('leave out a table of contents that lists the entries without leader dots', async () => {
    const titles = ['Installation', 'Wiring', 'Calibration', 'Alarms', 'Maintenance']
    const contents = titles.flatMap((title, i) => [
      at(72, 700 - i * 20, 10, `${i + 1}`),
      at(100, 700 - i * 20, 10, title),
    ])
    const chapters = titles.map((title) =>
      [at(72, 700, 18, title), body(660, `What to do about ${title.toLowerCase()} on board.`)].join('\n'),
    )
    const outline = titles.map((title, i) => ({ title, page: i + 2 }))
    const parsed = await parseDocument('manual.pdf', pdfOfStreams([contents.join('\n'), ...chapters], { outline }))
    expect(parsed.paragraphs.map((p) => [p.section, p.page, p.text])).toEqual(
      titles.map((title, i) => [title, i + 2, `What to do about ${title.toLowerCase()} on board.`]),
    )
  })

  it('keep a page of numbers (a table of readings), with or without an outline', async () => {
    const rows = [10, 20, 30, 40, 50, 60].flatMap((temp, i) => [
      at(72, 700 - i * 20, 10, `${temp}`),
      at(200, 700 - i * 20, 10, `${(temp * 37) % 1000}`),
    ])
    const page = [at(72, 740, 10, 'Sender resistance by temperature:'), ...rows].join('\n')
    for (const outline of [undefined, [{ title: 'Sender resistance by temperature:', page: 1 }]]) {
      const parsed = await parseDocument('sender.pdf', pdfOfStreams([page], outline ? { outline } : {}))
      expect(parsed.paragraphs.map((p) => p.text).join('\n')).toContain('60 | 220')
    }
  })
})

describe('PDF run-in headings (bold at the body size)', () => {
  // A sentence's code and name, set apart as word processors draw them.
  const sentence = (y: number, code: string, name: string) => [boldAt(72, y, code), boldAt(130, y, name)]

  it('give the sentences they head a section each; a bold table header and a repeated label do not', async () => {
    const first = [
      textAt(72, 740, 'Sentence formats', 16),
      textAt(72, 716, 'Each sentence lists its fields in order.'),
      ...sentence(680, 'RMC', 'Recommended Minimum Data'),
      // A field-number ruler in smaller type right under the heading: no part of it.
      textAt(130, 669, '1', 9),
      textAt(180, 669, '2', 9),
      textAt(72, 650, 'Time of fix, UTC'),
      ...sentence(610, 'ROT', 'Rate Of Turn'),
      textAt(72, 596, 'Degrees per minute, negative to port'),
      boldAt(72, 560, 'Code'),
      boldAt(200, 560, 'Meaning'),
      textAt(72, 546, 'E1'),
      textAt(200, 546, 'No fix'),
      textAt(72, 532, 'E2'),
      textAt(200, 532, 'Low battery'),
      boldAt(72, 500, 'Note'),
      textAt(72, 486, 'A field without data is left empty.'),
    ]
    const second = [
      ...sentence(700, 'VTG', 'Track and Ground Speed'),
      textAt(72, 686, 'Course over ground, degrees true'),
      boldAt(72, 650, 'Note'),
      textAt(72, 636, 'Speeds are in knots.'),
      ...sentence(600, 'ZDA', 'Time and Date'),
      textAt(72, 586, 'Day, month and year'),
    ]
    const parsed = await parseDocument('sentences.pdf', pdfOfStreams([first.join('\n'), second.join('\n')]))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['Sentence formats', 'Each sentence lists its fields in order.'],
      ['Sentence formats › RMC Recommended Minimum Data', 'Time of fix, UTC'],
      ['Sentence formats › ROT Rate Of Turn', 'Degrees per minute, negative to port'],
      ['Sentence formats › ROT Rate Of Turn', 'Code | Meaning'],
      ['Sentence formats › ROT Rate Of Turn', 'E1 | No fix'],
      ['Sentence formats › ROT Rate Of Turn', 'E2 | Low battery'],
      ['Sentence formats › ROT Rate Of Turn', 'Note A field without data is left empty.'],
      ['Sentence formats › VTG Track and Ground Speed', 'Course over ground, degrees true'],
      ['Sentence formats › VTG Track and Ground Speed', 'Note Speeds are in knots.'],
      ['Sentence formats › ZDA Time and Date', 'Day, month and year'],
    ])
  })
})

describe('PDF numbered headings', () => {
  it('are in a heading font throughout, not a numbered step whose words are partly in another', () => {
    const body = { size: 10, font: 'F1' }
    const line = { text: '9. The BOOKLET entry types now format', y: 0, size: 10, font: 'F2' }
    expect(headingLevel(line, body, [])).toBe(1)
    expect(headingLevel({ ...line, mixed: true }, body, [])).toBe(0)
  })

  it('are not taken from a code line that starts with an address ("0020 d7ff bra")', async () => {
    const page = [
      boldAt(72, 700, '2.4 disassemble'),
      textAt(72, 686, 'The disassemble command decodes the program memory around the program counter:'),
      boldAt(72, 672, '0020 d7ff bra $-0x0'),
      boldAt(72, 644, '2.5 dump'),
      textAt(72, 630, 'The dump command shows every file register and special function register.'),
    ]
    const { paragraphs } = await parseDocument('sim.pdf', pdfOfStreams([page.join('\n')]))
    expect(paragraphs.at(-1)).toMatchObject({ section: '2.5 dump', text: expect.stringMatching(/^The dump command/) })
  })
})

describe('PDF pages set in two columns', () => {
  // Lines 12 apart; each column written top to bottom, as LaTeX, LibreOffice and InDesign write them.
  const column = (x: number, lines: string[]) => lines.map((text, i) => textAt(x, 700 - i * 12, text))
  const left = [
    'The gyro must be level before it is',
    'started for the first time after a',
    'haul-out, or the bearings wear fast.',
    'Check the level with a machinist level',
    'on the top plate, fore and aft first,',
    'then across; shim the feet as needed.',
    'Torque the mounting bolts to the value',
    'in the installation drawing afterwards.',
  ]
  const right = [
    'Seawater cooling is checked at every',
    'service: open the strainer, clean the',
    'basket and look for weed in the inlet.',
    'A flow alarm at start-up usually means',
    'the seacock was left closed after the',
    'boat came back from the yard. Open it,',
    'then clear the alarm on the display',
    'and start the flywheel again.',
  ]

  it('reads one column, then the other, never as rows of a table', async () => {
    const page = [...column(72, left), ...column(320, right)].join('\n')
    const { paragraphs } = await parseDocument('manual.pdf', pdfOfStreams([page]))
    const text = paragraphs.map((p) => p.text).join('\n')
    expect(text).not.toContain(' | ')
    expect(text).toContain('The gyro must be level before it is started for the first time after a haul-out')
    expect(text).toContain('A flow alarm at start-up usually means the seacock was left closed')
    expect(text.indexOf('installation drawing afterwards.')).toBeLessThan(text.indexOf('Seawater cooling'))
  })

  it('still reads a long table whose cells wrap, drawn a row at a time, as rows', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => [
      textAt(72, 700 - i * 36, `E${10 + i} flow alarm on the`),
      textAt(72, 688 - i * 36, 'seawater side'),
      textAt(320, 700 - i * 36, `Open seacock ${i} and clean the`),
      textAt(320, 688 - i * 36, 'strainer basket'),
    ])
    const { paragraphs } = await parseDocument('codes.pdf', pdfOfStreams([rows.flat().join('\n')]))
    expect(paragraphs.map((p) => p.text)).toContain(
      'E13 flow alarm on the seawater side | Open seacock 3 and clean the strainer basket',
    )
  })
})
