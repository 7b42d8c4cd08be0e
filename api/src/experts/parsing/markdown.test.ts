import { describe, expect, it } from 'vitest'
import { parseDocument } from '../parse-document.ts'

const enc = (text: string) => new TextEncoder().encode(text)

describe('Markdown as documentation generators write it', () => {
  it('reads an MkDocs admonition as its title and its unindented text', async () => {
    const markdown = [
      '# Installation',
      '## Power',
      '!!! warning "Before You Begin"',
      '    Disconnect the battery before wiring.',
      '',
      '    Fit a 5 A fuse.',
      '',
      '!!! tip',
      '    Any 12 V router supply will do.',
      '',
      'Connect the barrel plug.',
    ].join('\n')
    const { paragraphs } = await parseDocument('install.md', enc(markdown))
    expect(paragraphs.map((p) => p.text)).toEqual([
      'Before You Begin:',
      'Disconnect the battery before wiring.',
      'Fit a 5 A fuse.',
      'Tip:',
      'Any 12 V router supply will do.',
      'Connect the barrel plug.',
    ])
    expect(paragraphs.every((p) => p.section === 'Power' && !p.verbatim)).toBe(true)
  })

  it('reads an MkDocs content tab as its label and its unindented text, code blocks included', async () => {
    const markdown = [
      '## Setting up',
      '=== "SQLite"',
      '',
      '    Create the file first:',
      '    ```bash',
      '    sqlite3 ais.db',
      '    ```',
    ].join('\n')
    const { paragraphs } = await parseDocument('psql.md', enc(markdown))
    expect(paragraphs.map((p) => [p.text, p.verbatim])).toEqual([
      ['SQLite:', undefined],
      ['Create the file first:', undefined],
      ['sqlite3 ais.db', true],
    ])
  })

  it('reads a Docusaurus admonition as its title and its text, without the ::: marks', async () => {
    const markdown = [
      ':::warning[Battery first]',
      'Disconnect the battery.',
      ':::',
      '',
      ':::tip',
      'Use ferrules.',
      ':::',
    ].join('\n')
    const { paragraphs } = await parseDocument('wiring.md', enc(markdown))
    expect(paragraphs.map((p) => p.text)).toEqual([
      'Battery first:',
      'Disconnect the battery.',
      'Tip:',
      'Use ferrules.',
    ])
  })

  it('says what a GitHub alert is instead of keeping its [!TIP] mark', async () => {
    const { paragraphs } = await parseDocument('x.md', enc('> [!TIP]\n> Flash a prebuilt image instead.'))
    expect(paragraphs.map((p) => p.text)).toEqual(['Tip: Flash a prebuilt image instead.'])
  })

  it('leaves a heading’s attribute list out of the title and the section path', async () => {
    const markdown = '# Hardware set-up {#pageHWSetUp}\n\n## CAN transceiver {: #secCAN .wide}\n\nUse an isolated one.'
    const { title, paragraphs } = await parseDocument('hw.md', enc(markdown))
    expect(title).toBe('Hardware set-up')
    expect(paragraphs).toEqual([{ section: 'CAN transceiver', page: null, text: 'Use an isolated one.' }])
  })

  it('leaves out kramdown attribute lists and keeps the list one of them stood before', async () => {
    const markdown = [
      '## Wiring',
      'The sender on the bench:',
      '',
      '![Sender](sender.png){:width="50%"}',
      '',
      '{:start="3"}',
      '3. Fit the fuse.',
      '4. Check 12 V at the plug.',
      '',
      '```ruby',
      'opts = {:baud => 4800}',
      '```',
    ].join('\n')
    const { paragraphs } = await parseDocument('wiring.md', enc(markdown))
    expect(paragraphs.map((p) => p.text)).toEqual([
      'The sender on the bench:',
      'Fit the fuse.\nCheck 12 V at the plug.',
      'opts = {:baud => 4800}',
    ])
  })

  it("leaves out Hugo's shortcodes, keeping a figure's caption and saying what an alert is", async () => {
    const markdown = [
      '---',
      'title: Getting Started',
      '---',
      '## Power',
      '{{< imgrel "power_input.jpg" "50%" >}}',
      'Connect the power source to the connector circled in green.',
      '{{< /imgrel >}}',
      '',
      '{{% alert title="Warning" color="warning" %}}',
      'Never connect the power input to the 5V output.',
      '{{% /alert %}}',
      '',
      '{{% notice tip %}}Use a 2 A fuse.{{% /notice %}}',
      '',
      '```go-html-template',
      '{{< imgrel "kept.jpg" >}}',
      '```',
    ].join('\n')
    const { title, paragraphs } = await parseDocument('getting-started.md', enc(markdown))
    expect(title).toBe('Getting Started')
    expect(paragraphs.map((p) => p.text)).toEqual([
      'Connect the power source to the connector circled in green.',
      'Warning: Never connect the power input to the 5V output.',
      'Tip: Use a 2 A fuse.',
      '{{< imgrel "kept.jpg" >}}',
    ])
  })

  it('keeps the text of a Jekyll callout and leaves out Liquid tags and site variables', async () => {
    const markdown = [
      '## Fuses',
      '{% include toc.html %}',
      '{% include note.html content="Use a slow-blow fuse on the',
      'windlass circuit." %}',
      '',
      'See {{ site.baseurl }}/wiring for the diagram.',
      '',
      '```liquid',
      '{% include note.html content="kept" %}',
      '```',
    ].join('\n')
    const { paragraphs } = await parseDocument('fuses.md', enc(markdown))
    expect(paragraphs.map((p) => p.text)).toEqual([
      'Note: Use a slow-blow fuse on the windlass circuit.',
      'See /wiring for the diagram.',
      '{% include note.html content="kept" %}',
    ])
  })

  it('leaves nothing of a README’s badges and keeps the words of reference links and of lines broken by <br>', async () => {
    const markdown = [
      '[![Build](https://ci.example/kplex.svg)](https://ci.example/kplex) ![logo][logo]',
      '',
      'Reads NMEA 0183 from [serial ports][ports].<br>Writes to UDP.',
      '',
      '[ports]: https://example.org/ports',
    ].join('\n')
    const { paragraphs } = await parseDocument('readme.md', enc(markdown))
    expect(paragraphs.map((p) => p.text)).toEqual(['Reads NMEA 0183 from serial ports. Writes to UDP.'])
  })

  it('reads an HTML table in Markdown as rows of cells, as a GitHub README or wiki page writes one', async () => {
    const markdown = [
      '## Pins',
      '<table>',
      '<tr><th>Pin</th><th>Signal</th></tr>',
      '<tr><td>D2</td><td>Rudder feedback</td></tr>',
      '</table>',
    ].join('\n')
    const { paragraphs } = await parseDocument('pins.md', enc(markdown))
    expect(paragraphs.map((p) => [p.section, p.text, p.header])).toEqual([
      ['Pins', 'Pin | Signal', undefined],
      ['Pins', 'D2 | Rudder feedback', 'Pin | Signal'],
    ])
  })

  it('does not take a first chapter named "Introduction" as the title, but keeps it as a section', async () => {
    const markdown = '# Introduction\n\nA gateway for Micronet.\n\n# Installation\n\nMount it low.'
    const { title, paragraphs } = await parseDocument('micronet-user-manual.md', enc(markdown))
    expect(title).toBe('micronet user manual')
    expect(paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['Introduction', 'A gateway for Micronet.'],
      ['Installation', 'Mount it low.'],
    ])
  })

  it('names a README by the heading of the HTML block it opens with, not by its first Markdown chapter', async () => {
    const markdown = [
      '<div align="center">\n  <h3 align="center">pyais</h3>\n  <p align="center">AIS message decoding.</p>\n</div>',
      '# Acknowledgements\n\nThanks to the testers.',
      '# Installation\n\npip install pyais',
    ].join('\n\n')
    const { title, paragraphs } = await parseDocument('pyais-readme.md', enc(markdown))
    expect(title).toBe('pyais')
    expect(paragraphs.map((p) => p.section)).toEqual([null, 'Acknowledgements', 'Installation'])
  })
  it('heads what follows with a heading written in HTML alone in its block, as with a Markdown one', async () => {
    const markdown = [
      '<h1>AIS demodulator plugin</h1>',
      '<h2>Interface</h2>',
      'The channel window.',
      '<h3 id="bw">4: BW - RF Bandwidth</h3>',
      'Sets the bandwidth of the filter.',
    ].join('\n\n')
    const { title, paragraphs } = await parseDocument('ais-readme.md', enc(markdown))
    expect(title).toBe('AIS demodulator plugin')
    expect(paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['Interface', 'The channel window.'],
      ['Interface › 4: BW - RF Bandwidth', 'Sets the bandwidth of the filter.'],
    ])
  })
})
