import { describe, expect, it } from 'vitest'
import { pdfItem, pdfOfStreams, textAt } from '../../test/pdf.ts'
import { parseDocument } from '../parse-document.ts'
import { type PdfLine, pageLines } from './pdf.ts'
import { folioLines, pageFurniture, runningLines } from './pdf-running.ts'

describe('PDF running heads', () => {
  const line = (text: string, y: number): PdfLine => ({ text, y, size: 10, font: 'F1' })
  it('are found when left and right pages have heads of their own', () => {
    const topics = ['rudder', 'compass', 'clutch', 'motor', 'gain', 'wind', 'tack', 'alarm']
    const pages = topics.map((topic, i) => {
      const n = i + 1
      const head = n % 2 === 0 ? `${n} | Autopilot manual` : `Autopilot manual | ${n}`
      return [line(head, 750), line(`Body text about the ${topic}.`, 700)]
    })
    const running = runningLines(pages)
    expect(running.has('# | autopilot manual')).toBe(true)
    expect(running.has('autopilot manual | #')).toBe(true)
    expect([...running].some((text) => text.startsWith('body text'))).toBe(false)
  })

  it('are found in a short document on three pages, but a table header repeated over a page break is kept', () => {
    const steps = ['Fit the gateway near the backbone.', 'Connect the drop cable.', 'Check the terminators.']
    const pages = steps.map((step, i) => [
      line('Gateway Installation Guide, Rev. C', 800),
      i > 0 ? line('PGN | Name | Rate', 760) : line('Overview', 760),
      line(step, 700),
      line('Note', 680),
      line('More about this step follows here.', 660),
      line(`After that: ${steps[(i + 1) % 3]}`, 100),
      line(`Page ${i + 1} of 3`, 40),
    ])
    const running = runningLines(pages)
    expect([...running].sort()).toEqual(['gateway installation guide, rev. c', 'page # of #'])
  })

  it('are found in a short document when set in cells at the head of every page (a man page through groff)', () => {
    const pages = ['NAME', 'OPTIONS', 'SEE ALSO'].map((heading, i) => [
      line('LS(1) | User Commands | LS(1)', 750),
      line(heading, 720),
      line(`-${'alt'[i]} | sort the entries this way`, 700),
    ])
    expect([...runningLines(pages)]).toEqual(['ls(#) | user commands | ls(#)'])
  })

  it('take a front matter page’s Roman folio before the Arabic ones start, not a lone letter after', () => {
    const pages = [
      [line('Network UPS Tools FAQ', 700)],
      [line('ii', 760), line('REVISION HISTORY', 700)],
      ...['Wiring', 'Drivers', 'Shutdown', 'Clients'].map((topic, i) => [
        line(topic, 700),
        line('x', 400),
        line(`${i + 1}`, 40),
      ]),
    ]
    expect([...pageFurniture(pages)].map((l) => l.text)).toEqual(['1', '2', '3', '4', 'ii'])
  })

  it('are found when their words change by chapter but they carry the printed page number', () => {
    // A book's front matter is unnumbered: page 3 of the file prints 1.
    const chapters = ['Chapter 1: Installation', 'Chapter 1: Installation', 'Chapter 2: Wiring', 'Chapter 2: Wiring']
    const pages = [
      [line('Cover', 700)],
      [line('Contents', 700)],
      // A chapter's first page has its number alone.
      ...chapters.map((head, i) => [
        line(i === 2 ? `${i + 1}` : `${head} | ${i + 1}`, 750),
        line(`Fit part ${i + 1} | 12 mm`, 700),
      ]),
      [line('Index | 9', 750), line('7', 700)],
    ]
    const folios = [...folioLines(pages)].map((l) => l.text)
    expect(folios).toEqual(['Chapter 1: Installation | 1', 'Chapter 1: Installation | 2', '3', 'Chapter 2: Wiring | 4'])
    expect(runningLines(pages).size).toBe(0)
  })

  it('are found when they change with each chapter and carry the page number (LaTeX report heads)', () => {
    // Each chapter opens on a page with its number at the foot; the pages after it carry its head.
    const heads = [
      '',
      'CHAPTER 1. WIRING | 2',
      'CHAPTER 1. WIRING | 3',
      '',
      'CHAPTER 2. PUMPS | 5',
      '',
      'CHAPTER 3. ALARMS | 7',
    ]
    const pages = heads.map((head, i) => [
      ...(head ? [line(head, 750)] : []),
      line(`Check fuse ${'ABCDEFG'[i]} on circuit 1.`, 700),
      ...(head ? [] : [line(`${i + 1}`, 40)]),
    ])
    const folios = [...folioLines(pages)].map((l) => l.text)
    expect(folios.sort()).toEqual(
      [
        '1',
        '4',
        '6',
        'CHAPTER 1. WIRING | 2',
        'CHAPTER 1. WIRING | 3',
        'CHAPTER 2. PUMPS | 5',
        'CHAPTER 3. ALARMS | 7',
      ].sort(),
    )
    expect(runningLines(pages).size).toBe(0)
  })

  it('are found when the page number is written against the head’s words', () => {
    const heads = ['Preamble', 'Preamble', 'Fonts', 'Fonts', 'Nodes']
    const pages = heads.map((head, i) => {
      const n = i + 17
      return [line('Seakeeper SK6 and NMEA2000', 750), line(n % 2 ? `${n}${head}` : `${head}${n}`, 40)]
    })
    expect([...folioLines(pages)].map((l) => l.text)).toEqual([
      '17Preamble',
      'Preamble18',
      '19Fonts',
      'Fonts20',
      '21Nodes',
    ])
  })
})

describe('PDF running heads that change with each section', () => {
  it('are dropped when they name the section and the chapter in cells, the page number at the foot (LyX)', async () => {
    const sections = [
      ['1.1.', 'MOUNTING', 'CHAPTER 1. INSTALLATION'],
      ['1.2.', 'WIRING', 'CHAPTER 1. INSTALLATION'],
      ['2.1.', 'SENSORS', 'CHAPTER 2. ALARMS'],
      ['2.2.', 'SIRENS', 'CHAPTER 2. ALARMS'],
    ]
    const steps = ['Drill', 'Bolt', 'Crimp', 'Route', 'Mount', 'Test', 'Hang', 'Sound'].map(
      (verb) => `${verb} it as the drawing shows.`,
    )
    const pages = steps.map((_, i) => {
      const [number, section, chapter] = sections[Math.floor(i / 2)] as string[]
      return [
        textAt(72, 757, `${number} ${section}`),
        textAt(380, 757, chapter as string),
        textAt(72, 725, steps[i] as string),
        textAt(300, 31, `${i + 1}`),
      ].join('\n')
    })
    const outline = ['Installation', 'Mounting', 'Wiring', 'Alarms', 'Sensors', 'Sirens'].map((title, i) => ({
      title,
      page: [1, 1, 3, 5, 5, 7][i] as number,
      depth: title === 'Installation' || title === 'Alarms' ? 1 : 2,
    }))
    const parsed = await parseDocument('pump.pdf', pdfOfStreams(pages, { outline }))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual(steps)
  })

  it('are dropped when a section head too long for its line goes on to a second, beside the chapter (LyX)', async () => {
    const heads = [
      ['1.1. MOUNTING', 'CHAPTER 1. INSTALLATION'],
      ['1.2. WIRING', 'CHAPTER 1. INSTALLATION'],
      ['2.1. SENSORS', 'CHAPTER 2. ALARMS'],
      ['2.2. SIRENS, HORNS, STROBES, BELLS, BUZZERS, WHISTLES, CLAXONS AND', 'FOGHORNS | CHAPTER 2. ALARMS'],
    ]
    const steps = ['Drill', 'Bolt', 'Crimp', 'Route', 'Mount', 'Test', 'Hang', 'Sound'].map(
      (verb) => `${verb} it as the drawing shows.`,
    )
    const pages = steps.map((_, i) => {
      const [first, second] = heads[Math.floor(i / 2)] as string[]
      const [rest, chapter] = (second as string).includes(' | ') ? (second as string).split(' | ') : [null, second]
      return [
        // Its two lines sit either side of the height the one-line heads sit at.
        ...(rest ? [textAt(72, 763, first as string), textAt(72, 751, rest)] : [textAt(72, 757, first as string)]),
        textAt(380, rest ? 751 : 757, chapter as string),
        textAt(72, 713, steps[i] as string),
        textAt(300, 31, `${i + 1}`),
      ].join('\n')
    })
    const titles = ['Installation', 'Mounting', 'Wiring', 'Alarms', 'Sensors']
    const outline = [...titles, 'Sirens, Horns, Strobes, Bells, Buzzers, Whistles, Claxons and Foghorns'].map(
      (title, i) => ({ title, page: [1, 1, 3, 5, 5, 7][i] as number, depth: i === 0 || i === 3 ? 1 : 2 }),
    )
    const parsed = await parseDocument('alarm.pdf', pdfOfStreams(pages, { outline }))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual(steps)
  })

  it('are dropped when they name the chapter alone, a chapter of a few pages each (DocBook through FOP)', async () => {
    const page = (lines: [number, string, number?][]) =>
      lines.map(([y, text, size]) => textAt(72, y, text, size)).join('\n')
    const pages = [
      page([
        [699, 'Chapter 1. Usage', 25],
        [660, 'Read the data from a file.'],
      ]),
      page([
        [748, 'Usage'],
        [711, 'Write it to another file.'],
      ]),
      page([
        [699, 'Chapter 2. Filters', 25],
        [660, 'Filters change the data on its way.'],
      ]),
      page([
        [748, 'Filters'],
        [711, 'The radius filter keeps nearby points.'],
      ]),
      page([
        [748, 'Filters'],
        [711, 'The track filter joins tracks.'],
      ]),
      page([
        [748, 'Filters'],
        [711, 'The sort filter orders waypoints.'],
      ]),
    ]
    const outline = [
      { title: 'Chapter 1. Usage', page: 1 },
      { title: 'Chapter 2. Filters', page: 3 },
    ]
    const parsed = await parseDocument('gps.pdf', pdfOfStreams(pages, { outline }))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['Chapter 1. Usage', 'Read the data from a file.'],
      ['Chapter 1. Usage', 'Write it to another file.'],
      ['Chapter 2. Filters', 'Filters change the data on its way.'],
      ['Chapter 2. Filters', 'The radius filter keeps nearby points.'],
      ['Chapter 2. Filters', 'The track filter joins tracks.'],
      ['Chapter 2. Filters', 'The sort filter orders waypoints.'],
    ])
  })
})

describe('PDF contents pages', () => {
  it('are dropped when their leaders are spaced dots and the page number is a cell or follows a word', async () => {
    const entries = ['Installation', 'Wiring', 'Calibration', 'Alarms', 'Maintenance']
    const contents = entries.flatMap((title, i) => {
      const y = 700 - i * 14
      const leader = `${i + 1}. ${title} ${'. '.repeat(30)}`
      // Word Pro writes 'page 4' after the leader; pdfTeX sets the number apart at the right margin.
      return i % 2 === 0
        ? [textAt(72, y, `${leader}page ${i + 3}`)]
        : [textAt(72, y, leader), textAt(500, y, `${i + 3}`)]
    })
    const body = textAt(72, 700, 'Read the safety notes before wiring the pump.')
    const parsed = await parseDocument('manual.pdf', pdfOfStreams([contents.join('\n'), body]))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual(['Read the safety notes before wiring the pump.'])
  })

  it('give way to the text that starts under a heading on the same page (DocBook through FOP)', async () => {
    const titles = ['Introduction', 'Wiring', 'Calibration', 'Alarms', 'Maintenance']
    const contents = titles.map((title, i) => textAt(72, 680 - i * 12, `${i + 1}. ${title} ${'.'.repeat(60)} ${i + 1}`))
    const page = [
      textAt(72, 720, 'Table of Contents', 17),
      ...contents,
      textAt(72, 560, '1. Introduction', 20),
      textAt(72, 530, 'The gateway bridges NMEA 0183 and the backbone.'),
      textAt(72, 518, 'It takes its power from the bus.'),
    ]
    const outline = ['Table of Contents', ...titles.map((title, i) => `${i + 1}. ${title}`)].map((title) => ({
      title,
      page: 1,
    }))
    const parsed = await parseDocument('gateway.pdf', pdfOfStreams([page.join('\n')], { outline }))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['1. Introduction', 'The gateway bridges NMEA 0183 and the backbone. It takes its power from the bus.'],
    ])
  })

  it('are dropped without leaders when their entries are the outline’s, number and page set apart', async () => {
    const titles = ['1 Installation', '2 Wiring', '3 Calibration', '4 Alarms', '5 Maintenance']
    const contents = titles.flatMap((title, i) => {
      const [number, words] = [title.slice(0, 1), title.slice(2)]
      const y = 700 - i * 14
      return [textAt(72, y, number), textAt(100, y, words), textAt(500, y, `${i * 4 + 3}`)]
    })
    const body = [
      textAt(72, 700, '1 Installation', 16),
      textAt(72, 670, 'Read the safety notes before wiring the pump.'),
    ]
    const outline = titles.map((title) => ({ title, page: 2 }))
    const parsed = await parseDocument('manual.pdf', pdfOfStreams([contents.join('\n'), body.join('\n')], { outline }))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['1 Installation', 'Read the safety notes before wiring the pump.'],
    ])
  })

  it('are dropped when the bookmarks name the entries with plain quotes, no number and an entry wraps', async () => {
    // As DBLaTeX sets a FAQ: a blank title sheet, then the contents, "won’t" (Helvetica's quote
    // is the typographic one) and '. . .' in the text where the bookmarks have "won't" and '…'.
    const questions = [
      "Why won't the pump start when the float is up?",
      'I just replaced the float switch, and . . .',
      'The alarm sounds although the bilge is dry and the float switch is new, so what is happening?',
      'Where do the wires go?',
      'Which fuse protects the pump?',
      'How long may the pump run dry?',
    ]
    const wrapped = (q: string) => (q.includes(', so ') ? q.split(/(?<=, so) /) : [q])
    const contents = [
      textAt(72, 740, 'Contents', 13),
      ...questions.flatMap((q, n) => {
        const [first, second] = wrapped(`${n + 1} ${q}`)
        const y = 700 - n * 30
        const page = textAt(500, second ? y - 12 : y, `${n < 3 ? 1 : 2}`)
        return [textAt(72, y, first as string), ...(second ? [textAt(72, y - 12, second)] : []), page]
      }),
    ]
    const body = questions.flatMap((q, n) => {
      const [first, second] = wrapped(`${n + 1} ${q}`)
      const y = 720 - n * 100
      const answer = [`Answer number ${n + 1} of the pump FAQ,`, 'over three lines as answers', 'mostly are.']
      const lines = answer.map((text, i) => textAt(72, y - 40 - i * 12, text))
      return [textAt(72, y, first as string, 13), ...(second ? [textAt(72, y - 16, second, 13)] : []), ...lines]
    })
    const outline = questions.map((title) => ({ title: title.replace('. . .', '…'), page: 4 }))
    const pages = ['', textAt(72, 700, 'Revision 1, first release.', 9), contents.join('\n'), body.join('\n')]
    const parsed = await parseDocument('pump-faq.pdf', pdfOfStreams(pages, { outline }))
    expect(parsed.title).toBe('pump faq')
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      [null, 'Revision 1, first release.'],
      ...questions.map((q, n) => [
        `${n + 1} ${q.replace("'", '’')}`,
        `Answer number ${n + 1} of the pump FAQ, over three lines as answers mostly are.`,
      ]),
    ])
  })

  it('are left out on a page that goes on with the text, when bookmarked and their page set apart', async () => {
    const titles = ['Introduction', 'Loading the package', 'Engine tests']
    const page = [
      textAt(72, 740, 'The pump package', 17),
      ...titles.flatMap((title, i) => [
        textAt(72, 700 - i * 14, `${i + 1} ${title}`),
        textAt(500, 700 - i * 14, `${i + 1}`),
      ]),
      textAt(72, 620, '1 Introduction', 14),
      textAt(72, 600, 'This package tells which engine runs the document, and what it can do.'),
    ]
    const outline = titles.map((title) => ({ title, page: 1 }))
    const parsed = await parseDocument('pump.pdf', pdfOfStreams([page.join('\n')], { outline }))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual([
      'The pump package',
      'This package tells which engine runs the document, and what it can do.',
    ])
  })

  it('keep each entry a line of its own, though chapter and section lines read like a table’s wrapped rows', () => {
    // As pdfTeX sets them: the chapter's number and title, its page at the margin; sections indented,
    // their leaders running up to the page number.
    const leader = ` ${'. '.repeat(40)}`
    const items = [
      pdfItem('1. Installation', 61, 482, 80),
      pdfItem('21', 494, 482, 11),
      pdfItem('1.1.', 82, 468.5, 17),
      pdfItem(`Mounting${leader}`, 116, 468.5, 368),
      pdfItem('21', 494, 468.5, 11),
      pdfItem('1.2.', 82, 455, 17),
      pdfItem(`Wiring${leader}`, 116, 455, 368),
      pdfItem('24', 494, 455, 11),
    ]
    expect(pageLines(items).map((l) => l.text.replace(/( \.)+/, ' …'))).toEqual([
      '1. Installation | 21',
      '1.1. | Mounting … 21',
      '1.2. | Wiring … 24',
    ])
  })
})
