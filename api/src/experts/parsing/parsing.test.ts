import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { chunkParagraphs } from '../chunk.ts'
import { parseDocument } from '../parse-document.ts'

const enc = (text: string) => new TextEncoder().encode(text)
const corpus = path.join(import.meta.dirname, '../../../bench/eval-corpus')

describe('Markdown keeps its structure', () => {
  const markdown = [
    '# Autopilot guide',
    '## Troubleshooting',
    '### No fix',
    'Check the antenna cable.',
    '```sh\n# restart the daemon\nsudo systemctl restart gpsd\n```',
    '| Code | Meaning |\n|---|---|\n| E01 | No heading |',
    '## Wiring',
    'Blue is CAN-L.',
  ].join('\n\n')

  it('gives the heading path as the section, code blocks verbatim and table rows as lines', async () => {
    const { title, paragraphs } = await parseDocument('guide.md', enc(markdown))
    expect(title).toBe('Autopilot guide')
    expect(paragraphs).toEqual([
      { section: 'Troubleshooting › No fix', page: null, text: 'Check the antenna cable.' },
      {
        section: 'Troubleshooting › No fix',
        page: null,
        text: '# restart the daemon\nsudo systemctl restart gpsd',
        verbatim: true,
      },
      { section: 'Troubleshooting › No fix', page: null, text: 'Code | Meaning', verbatim: true },
      {
        section: 'Troubleshooting › No fix',
        page: null,
        text: 'E01 | No heading',
        verbatim: true,
        header: 'Code | Meaning',
      },
      { section: 'Wiring', page: null, text: 'Blue is CAN-L.' },
    ])
  })
})

describe('HTML keeps the main content only', () => {
  const html = `<html><head><title>Radar service</title><style>p{}</style></head><body>
    <nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>
    <header>Site banner</header>
    <main>
      <h1>Radar service</h1>
      <h2>Alarms</h2>
      <p>Read the code on the display.</p>
      <pre>ALARM 12
  magnetron current low</pre>
      <table><tr><th>Code</th><th>Meaning</th></tr><tr><td>12</td><td>Magnetron <b>current</b> low</td></tr></table>
      <dl><dt>STBY</dt><dd>Standby, not transmitting</dd></dl>
      <form><label>Search <input name="q"></label></form>
    </main>
    <aside>Related products</aside>
    <footer>© Maker</footer>
  </body></html>`

  it('drops navigation, banners, forms and footers and keeps code, rows and definitions', async () => {
    const { title, paragraphs } = await parseDocument('radar.html', enc(html))
    expect(title).toBe('Radar service')
    expect(paragraphs).toEqual([
      { section: 'Alarms', page: null, text: 'Read the code on the display.' },
      { section: 'Alarms', page: null, text: 'ALARM 12\n  magnetron current low', verbatim: true },
      { section: 'Alarms', page: null, text: 'Code | Meaning', verbatim: true },
      { section: 'Alarms', page: null, text: '12 | Magnetron current low', verbatim: true, header: 'Code | Meaning' },
      { section: 'Alarms', page: null, text: 'STBY: Standby, not transmitting' },
    ])
  })

  it('drops furniture marked by id or class (header, table of contents, footer) and zero-width blocks', async () => {
    const page = `<html><head><title>Boat router</title></head><body>
      <div id="header"><h1>Boat router</h1><div class="details">mgrouch, version 2025-07-15</div>
        <div id="toc"><ul><li><a href="#_wifi">1. Wifi</a></li></ul></div></div>
      <div id="content"><div class="paragraph"><p>\u200b</p></div>
        <h2 id="_wifi">1. Wifi</h2><p>The router joins the marina wifi.</p></div>
      <div id="footer">Last updated 2025-07-15</div></body></html>`
    const { title, paragraphs } = await parseDocument('router.html', enc(page))
    expect(title).toBe('Boat router')
    expect(paragraphs).toEqual([{ section: '1. Wifi', page: null, text: 'The router joins the marina wifi.' }])
  })

  it('gives each table row after the first its table header', async () => {
    const page =
      '<table><tr><th>Feature</th><th>BBN</th></tr><tr><td>GPSd</td><td>pre-configured</td></tr></table><p>After.</p>'
    const { paragraphs } = await parseDocument('x.html', enc(page))
    expect(paragraphs.map((p) => [p.text, p.header])).toEqual([
      ['Feature | BBN', undefined],
      ['GPSd | pre-configured', 'Feature | BBN'],
      ['After.', undefined],
    ])
  })

  it('joins a header of two rows column by column, as its spans lay them out', async () => {
    const page = `<table><thead>
      <tr><th rowspan="2">Field</th><th colspan="2">Present in</th></tr>
      <tr><th>USR 2</th><th>USR 6</th></tr></thead>
      <tbody><tr><td>Depth</td><td>-</td><td>X</td></tr></tbody></table>`
    const { paragraphs } = await parseDocument('usr.html', enc(page))
    const header = 'Field | Present in USR 2 | Present in USR 6'
    expect(paragraphs.map((p) => [p.text, p.header])).toEqual([
      [header, undefined],
      ['Depth | - | X', header],
    ])
  })

  it('names the book a DocBook chapter belongs to in its title and drops its Prev / Next bars', async () => {
    const page = (title: string) => `<html><head><title>${title}</title>
      <link rel="home" href="index.html" title="GPSBabel Documentation" /></head><body>
      <div class="navheader"><table><tr><th colspan="3">${title}</th></tr>
        <tr><td><a href="a.html">Prev</a></td><th>Chapter 3. The Formats</th><td><a href="b.html">Next</a></td></tr></table></div>
      <div class="section"><h2>${title}</h2><p>This format can read and write waypoints.</p></div>
      <div class="navfooter"><table><tr><td><a href="a.html">Prev</a></td><td><a href="index.html">Home</a></td></tr></table></div>
      </body></html>`
    const chapter = await parseDocument('nmea.html', enc(page('NMEA 0183 sentences (nmea)')))
    expect(chapter.title).toBe('GPSBabel Documentation — NMEA 0183 sentences (nmea)')
    expect(chapter.paragraphs.map((p) => p.text)).toEqual(['This format can read and write waypoints.'])
    expect((await parseDocument('index.html', enc(page('GPSBabel Documentation')))).title).toBe(
      'GPSBabel Documentation',
    )
  })

  it('leaves out a heading’s permalink of one symbol however it is marked (Node.js’s “#”), not a link of words', async () => {
    const page = `<main><h1>Pump</h1>
      <h2>Priming<span><a class="mark" href="#priming" id="priming">#</a></span></h2><p>Open the bleed screw.</p>
      <h2><a href="#seals">Seals</a> for C#</h2><p>Replace both lip seals.</p></main>`
    const { paragraphs } = await parseDocument('pump.html', enc(page))
    expect(paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['Priming', 'Open the bleed screw.'],
      ['Seals for C#', 'Replace both lip seals.'],
    ])
  })

  it('leaves out Texinfo’s node navigation bar and its index, and titles the page by its own title', async () => {
    const node = (id: string, title: string, text: string) => `<div class="chapter-level-extent" id="${id}">
      <div class="nav-panel"><p>Next: <a href="#b" accesskey="n">Wiring</a>, Up: <a href="#Top">Top</a> [<a href="#SEC_Contents">Contents</a>][<a href="#Index">Index</a>]</p></div>
      <h2 class="chapter">${title}</h2><p>${text}</p></div>`
    const page = `<html><head><title>Pump manual</title><link href="#Top" rel="start" title="Top"></head><body>
      ${node('a', '1 Priming', 'Open the bleed screw.')}
      <div class="header"><p>Previous: <a href="#a">Priming</a></p></div>
      <h2 class="unnumbered">Index</h2>
      <table class="cp-letters-header-printindex"><tr><th>Jump to:</th><td><a href="#i-B"><b>B</b></a></td></tr></table>
      <table class="cp-entries-printindex"><tr><td><a href="#a">bleed screw</a>:</td><td><a href="#a">Priming</a></td></tr></table>
      <table class="index-cp"><tr><td><a href="#a">seals</a>:</td><td><a href="#a">Priming</a></td></tr></table>
      </body></html>`
    const { title, paragraphs } = await parseDocument('pump.html', enc(page))
    expect(paragraphs.map((p) => p.text)).toEqual(['Open the bleed screw.'])
    // Its link to the first node ("Top") is within the page: no larger book to name.
    expect(title).toBe('Pump manual')
  })

  it('leaves out the permalink Sphinx and MkDocs put after each heading (a ¶ or an icon glyph)', async () => {
    const page = `<main><h1>Pump<a class="headerlink" href="#pump">¶</a></h1>
      <h2 id="prime">Priming<a class="headerlink" href="#prime" title="Permanent link">&para;</a></h2><p>Open the bleed screw.</p>
      <h3>Seals<a class="headerlink" href="#seals">\uf0c1</a></h3><p>Replace both lip seals.</p></main>`
    const { title, paragraphs } = await parseDocument('pump.html', enc(page))
    expect(title).toBe('Pump')
    expect(paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['Priming', 'Open the bleed screw.'],
      ['Priming › Seals', 'Replace both lip seals.'],
    ])
  })

  it('takes the first heading as the title when there is no <title>', async () => {
    const { title } = await parseDocument('x.html', enc('<h2>Wind data</h2><p>Apparent wind.</p>'))
    expect(title).toBe('Wind data')
  })

  it('keeps the words after an element left open', async () => {
    const { paragraphs } = await parseDocument('x.html', enc('<svg onload=alert(1)><p>Check the impeller.</p>'))
    expect(paragraphs.map((p) => p.text)).toEqual(['Check the impeller.'])
  })
})

describe('PDF keeps sections and drops page furniture (a real public manual)', async () => {
  const file = 'connecting-hardware-to-nmea2000.pdf'
  const parsed = await parseDocument(file, fs.readFileSync(path.join(corpus, file)))

  it('drops the running header, the page numbers and the table of contents', () => {
    const text = parsed.paragraphs.map((p) => p.text).join('\n')
    expect(text).not.toContain('05.09.20 ')
    expect(text).not.toMatch(/\.{5,}/)
    expect(parsed.paragraphs.some((p) => /^\d+$/.test(p.text))).toBe(false)
  })

  it('gives each paragraph its section path and page', () => {
    const topology = parsed.paragraphs.find((p) => p.text.includes('maximum drop cable length'))
    expect(topology).toMatchObject({ section: '8 NMEA2000 bus › 8.2 Bus topology', page: 11 })
    expect(parsed.title).toBe('Connecting hardware to NMEA2000')
  })
})

describe('A passage that starts inside a table', () => {
  it('begins with the table header, so its rows keep their column names', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `| PGN ${i} | sentence ${i} converted both ways by the gateway |`)
    const markdown = ['| PGN | Sentence |', '|---|---|', ...rows].join('\n')
    const { paragraphs } = await parseDocument('table.md', enc(markdown))
    const passages = chunkParagraphs(paragraphs)
    expect(passages.length).toBeGreaterThan(1)
    expect(passages[0]?.text.split('\n\n')[0]).toBe('PGN | Sentence')
    for (const passage of passages.slice(1)) expect(passage.text.split('\n\n')[0]).toBe('PGN | Sentence')
    expect(passages.map((p) => p.text).join('\n\n')).toContain(
      'PGN 29 | sentence 29 converted both ways by the gateway',
    )
  })
})

describe('A line that leads on to a block', () => {
  const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ')
  const spot = { section: 'Alarms › Clearing', page: null }
  const lead = 'To clear the alarm, send the following:'
  const code = { ...spot, verbatim: true, text: `{ "path": "notifications.mob", ${words(60, 'value')} }` }

  it('stays in the passage of what it introduces', () => {
    const passages = chunkParagraphs([{ ...spot, text: `${words(70, 'intro')}.` }, { ...spot, text: lead }, code])
    const withLead = passages.find((p) => p.text.includes(lead))
    expect(withLead?.text).toContain('notifications.mob')
  })

  it('moves to the next passage with the block when both do not fit in one', () => {
    const longCode = { ...code, text: `{ "path": "notifications.mob", ${words(120, 'value')} }` }
    const passages = chunkParagraphs([{ ...spot, text: `${words(100, 'intro')}.` }, { ...spot, text: lead }, longCode])
    expect(passages).toHaveLength(2)
    expect(passages[0]?.text).not.toContain(lead)
    expect(passages[1]?.text.startsWith(lead)).toBe(true)
    expect(passages[1]?.text).toContain('notifications.mob')
  })

  it('is a paragraph of its own when it is long, and the passages break as before', () => {
    const longLead = `${words(50, 'lead')} as follows:`
    const passages = chunkParagraphs([{ ...spot, text: `${words(30, 'intro')}.` }, { ...spot, text: longLead }, code])
    expect(passages).toHaveLength(2)
    expect(passages[0]?.text).toContain('lead0')
    expect(passages[1]?.text).not.toContain('lead0')
  })
})
