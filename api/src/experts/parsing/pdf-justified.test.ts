import PDFDocument from 'pdfkit'
import { describe, expect, it } from 'vitest'
import { pdfItem } from '../../test/pdf.ts'
import { parseDocument } from '../parse-document.ts'
import { pageLines } from './pdf.ts'

const LEFT = 72
const RIGHT = 292

/**
 * A PDF drawn as producers draw justified text (LibreOffice, Chromium, pdfTeX): word by word, each
 * line's spaces stretched alike so that it ends at the right margin, the paragraph's last line
 * set as it comes; then whatever `more` draws.
 */
function justifiedPdf(lines: string[][], more: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Uint8Array>((resolve) => doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))))
  doc.font('Helvetica').fontSize(10)
  lines.forEach((words, row) => {
    const widths = words.map((word) => doc.widthOfString(word))
    const last = row === lines.length - 1
    const space = last
      ? doc.widthOfString(' ')
      : (RIGHT - LEFT - widths.reduce((a, b) => a + b, 0)) / (words.length - 1)
    let x = LEFT
    words.forEach((word, i) => {
      doc.text(word, x, 100 + row * 12, { lineBreak: false })
      x += (widths[i] ?? 0) + space
    })
  })
  more(doc)
  doc.end()
  return done
}

// Its loose lines' spaces come out wider than a table's gap (1.35 and 1.78 times the type size), its
// tight ones' narrow enough for pdfjs to give each line as one piece.
const paragraph = [
  'Mount the pump at the lowest point',
  'of the bilge, where the water collects first, and',
  'keep its float switch free of debris and oily rags.',
  'Never drill through the hull below',
  'the waterline; use the supplied bracket and four',
  'stainless screws into a bulkhead or a stringer.',
  'Check the strainer every month.',
].map((line) => line.split(' '))

describe('PDF justified text', () => {
  it('keeps a paragraph whose stretched spaces are as wide as a table’s gaps as prose', async () => {
    const parsed = await parseDocument('bilge.pdf', await justifiedPdf(paragraph, () => {}))
    expect(parsed.paragraphs.map((p) => p.text)).toEqual([paragraph.flat().join(' ')])
  })

  it('keeps a table under it as rows, its last column ending at the same margin', async () => {
    const rows = [
      ['Code', 'Meaning', 'Litres'],
      ['E12', 'Seawater flow low', '12.5'],
      ['E31', 'Bearing hot', '3'],
      ['E40', 'Float stuck', '140.25'],
    ]
    const pdf = await justifiedPdf(paragraph, (doc) => {
      rows.forEach(([code, meaning, litres], r) => {
        const y = 180 + r * 14
        doc.text(code ?? '', LEFT, y, { lineBreak: false })
        doc.text(meaning ?? '', LEFT + 60, y, { lineBreak: false })
        // Figures set flush right, as spreadsheets and word processors set them.
        doc.text(litres ?? '', RIGHT - doc.widthOfString(litres ?? ''), y, { lineBreak: false })
      })
    })
    const parsed = await parseDocument('bilge.pdf', pdf)
    expect(parsed.paragraphs.map((p) => p.text)).toEqual([
      paragraph.flat().join(' '),
      'Code | Meaning | Litres',
      'E12 | Seawater flow low | 12.5',
      'E31 | Bearing hot | 3',
      'E40 | Float stuck | 140.25',
    ])
  })
})

describe('PDF lines among justified ones', () => {
  // Lines of 10 pt pieces from 72 to 292, each with its own stretched spaces (14, 18 and 21.6
  // units), the pieces as wide as Helvetica sets them; some words fall under others' by chance.
  const justified = [
    [pdfItem('Before', 72, 700, 30), pdfItem('you', 116, 700, 16.7), pdfItem('start,', 146.7, 700, 26.1)],
    [pdfItem('read', 186.8, 700, 20), pdfItem('this', 220.8, 700, 16.7), pdfItem('manual.', 251.5, 700, 40.5)],
    [pdfItem('Keep', 72, 686, 23.4), pdfItem('the', 113.4, 686, 16.7), pdfItem('spares', 148.1, 686, 30)],
    [pdfItem('listed', 196.1, 686, 25.5), pdfItem('at', 239.6, 686, 8.3), pdfItem('hand.', 265.9, 686, 26.1)],
    [pdfItem('Spares', 72, 672, 33.4), pdfItem('are', 127, 672, 15), pdfItem('kept', 163.6, 672, 20)],
    [pdfItem('aboard', 205.3, 672, 31.7), pdfItem('always.', 258.6, 672, 33.4)],
  ].flat()
  // The paragraph's tighter lines, which pdfjs gives as one piece each, between the same margins.
  const tight = [658, 644, 630].map((y) => pdfItem('Its other lines are set tight enough to be one piece.', 72, y, 220))

  it('turn a wide gap back into a space when the line’s spaces are alike', () => {
    const lines = pageLines([...justified, ...tight])
    expect(lines.slice(0, 3).map((l) => l.text)).toEqual([
      'Before you start, read this manual.',
      'Keep the spares listed at hand.',
      'Spares are kept aboard always.',
    ])
  })

  it('keep a label apart from its value set against the right margin', () => {
    const lines = pageLines([
      ...justified,
      ...tight,
      pdfItem('Supply voltage at the pump', 72, 616),
      pdfItem('12 V', 272, 616, 20),
    ])
    expect(lines.at(-1)?.text).toBe('Supply voltage at the pump | 12 V')
  })

  it('keep a table’s rows whose gaps are alike, its marks lined up under each other', () => {
    // Marks centred in columns of one width, as a feature matrix sets them: the same gaps on every row.
    const row = (y: number) => [105, 165, 225, 285].map((x) => pdfItem('X', x, y, 7))
    const lines = pageLines([...justified, ...tight, ...row(610), ...row(596), ...row(582)])
    expect(lines.slice(-3).map((l) => l.text)).toEqual(Array(3).fill('X | X | X | X'))
  })
})
