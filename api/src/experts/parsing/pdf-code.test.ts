import { describe, expect, it } from 'vitest'
import { codeAt, pdfOfStreams, textAt } from '../../test/pdf.ts'
import { parseDocument } from '../parse-document.ts'

describe('PDF code set in a font of one width', () => {
  it('keeps its lines apart, as a word processor sets them with no space between', async () => {
    const page = [
      textAt(72, 700, 'Install the build tools, then build it:'),
      codeAt(90, 688, 'sudo apt-get update'),
      codeAt(90, 676, 'sudo apt-get install libasound2-dev'),
      codeAt(90, 664, 'cd direwolf'),
      textAt(72, 652, 'The last step takes a few minutes on a'),
      textAt(72, 640, 'Raspberry Pi.'),
    ].join('\n')
    const parsed = await parseDocument('tnc.pdf', pdfOfStreams([page, textAt(72, 700, 'More prose on a page.')]))
    expect(parsed.paragraphs[0]?.text).toBe(
      [
        'Install the build tools, then build it:',
        'sudo apt-get update',
        'sudo apt-get install libasound2-dev',
        'cd direwolf',
        'The last step takes a few minutes on a Raspberry Pi.',
      ].join('\n'),
    )
  })

  it('joins a code line a typesetter broke at a hyphen in a word', async () => {
    const page = [
      codeAt(72, 700, 'gpsbabel -i gpx -f in.gpx -o kml -F inter-'),
      codeAt(72, 688, 'esting_places.kml'),
    ].join('\n')
    const prose = ['Prose.', 'More text.', 'Text.'].map((text) => textAt(72, 700, text))
    const parsed = await parseDocument('babel.pdf', pdfOfStreams([page, ...prose]))
    expect(parsed.paragraphs[0]?.text).toBe('gpsbabel -i gpx -f in.gpx -o kml -F interesting_places.kml')
  })
})

describe('PDF text', () => {
  it('is read as written, not as Markdown: underscores, stars, a prompt and a step number stay', async () => {
    const page = [
      textAt(72, 700, 'The macro __FILE__ names the source; /* a comment */ is left out.'),
      textAt(72, 672, '>>> dump eeprom 0 16'),
      textAt(72, 644, '1. Define the stimulus.'),
      textAt(72, 616, '- Check the _fuse_ bits.'),
    ].join('\n')
    const parsed = await parseDocument('sdcc.pdf', pdfOfStreams([page]))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual([
      'The macro __FILE__ names the source; /* a comment */ is left out.',
      '>>> dump eeprom 0 16',
      '1. Define the stimulus.',
      'Check the _fuse_ bits.',
    ])
  })
})

describe('PDF prose typed in a font of one width', () => {
  it('wraps as prose does where a line of words fills the measure, and code beside it keeps its lines', async () => {
    const typed = [
      'The Lowrance GlobalNav 212 receiver stores up to 999 Waypoints',
      'internally. GPSMan downloads all 999 whether valid or not.',
      '/* the following pointer is physically located in the data',
      'space */',
      '/* and this one in the external ram, as its keyword says */',
      'unsigned char * __xdata q;',
    ]
    const page = [
      textAt(72, 712, 'Read this first:'),
      ...typed.map((text, i) => codeAt(72, 700 - i * 12, text)),
      textAt(72, 620, 'That is all there is to it.'),
    ].join('\n')
    const prose = ['Prose.', 'More text.', 'Text.', 'Words.', 'More words.'].map((text) => textAt(72, 700, text))
    const parsed = await parseDocument('readme.pdf', pdfOfStreams([page, ...prose]))
    expect(parsed.paragraphs[0]?.text).toBe(
      [
        'Read this first:',
        'The Lowrance GlobalNav 212 receiver stores up to 999 Waypoints internally. GPSMan downloads all 999 whether valid or not.',
        '/* the following pointer is physically located in the data space */',
        '/* and this one in the external ram, as its keyword says */',
        'unsigned char * __xdata q;',
      ].join('\n'),
    )
  })
})
