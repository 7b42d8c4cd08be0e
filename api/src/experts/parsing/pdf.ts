/**
 * PDF through pdfjs-dist, rebuilt into lines from the text items' positions and sizes: running
 * heads, footers and page numbers are dropped (./pdf-running.ts), as are table-of-contents lines; headings are
 * found from the document's outline (bookmarks, ./pdf-bookmarks.ts) or, without one, from type larger
 * than the body or a numbered heading in a heading font, and below those from run-in headings in bold
 * (./pdf-headings.ts); lines are joined into paragraphs, a hyphen at a line's end kept or dropped by
 * the document's own words (./pdf-hyphens.ts); each paragraph carries its section path and page.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js'
import { asWritten, Outline, type Paragraph, splitParagraphs } from './outline.ts'
import { composeAccents } from './pdf-accents.ts'
import { bookmarks, PRIVATE_USE } from './pdf-bookmarks.ts'
import { codeKeepsLines, codeLine, type FontStyles, monospaced, ownLine, typedProse } from './pdf-code.ts'
import { CELL_GAP, separator, type TextItemLike } from './pdf-gaps.ts'
import {
  bodyStyle,
  chapterLabel,
  coverTitle,
  headingContinuation,
  headingLevel,
  headingStyled,
  NUMBERED,
  numberedLevel,
  RUN_IN_LEVEL,
  runInHeadings,
  TOC_LINE,
} from './pdf-headings.ts'
import { documentWords, joinWrapped } from './pdf-hyphens.ts'
import { separateMarks } from './pdf-marks.ts'
import { afterContents, headingForms, isContentsPage, pagedEntry, pageFurniture, shape } from './pdf-running.ts'
import { type CellLine, tableRows } from './pdf-table.ts'
import { type Row, tableParagraphs, tidyTable } from './table.ts'

export interface PdfLine {
  text: string
  /** Baseline height from the page's bottom. */
  y: number
  size: number
  font: string
  /** Some of its characters are in another font than the rest (a bold term, then its definition). */
  mixed?: boolean
  /** Nearly all its characters are in a font of one width (code, a command). */
  mono?: boolean
}

/**
 * Minus signs and typographic hyphens, as groff through PostScript draws a command's dashes
 * ("−−all"): typed as the keyboard's, so a command quoted from a passage runs when pasted.
 */
const DASHES = /[\u2010\u2011\u2212]/g
/** The same text drawn again this close (times the type size) is a shadow or a fake bold, not more text. */
const OVERPRINT = 0.25

/** A bullet, set apart from its item's words or (a drawn one) against them; a hyphen or an asterisk is one only when set apart. */
const BULLET = /^(?:[•▪●◦]\s*|\*\*|[-*](?:\s+|$))/

type OpenLine = Omit<CellLine, 'right'> & {
  chars: number
  monoChars: number
  end: number | null
  space: boolean
  fonts: Set<string>
}

/**
 * Lines of one page in reading order, as pdfjs gives the items. Pieces of a line set far apart
 * (table cells, a label and its value) are joined with ` | `, so a table keeps its rows as
 * `cell | cell | cell`; a row whose cells wrap is put back together (./pdf-table.ts).
 */
export function pageLines(items: TextItemLike[], styles: FontStyles = {}): PdfLine[] {
  const lines: OpenLine[] = []
  let current: OpenLine | null = null
  const drawn: { str: string; x: number; y: number }[] = []
  for (const { str: raw, ...item } of items) {
    const y = item.transform[5] ?? 0
    const x = item.transform[4] ?? 0
    const size = item.height || Math.abs(item.transform[3] ?? 0)
    const str = raw.replace(PRIVATE_USE, '').replace(DASHES, '-')
    const near = (d: { str: string; x: number; y: number }) =>
      d.str === str && Math.abs(d.x - x) < size * OVERPRINT && Math.abs(d.y - y) < size * OVERPRINT
    if (str.trim() && drawn.some(near)) continue
    if (str.trim() && drawn.push({ str, x, y }) > 4) drawn.shift()
    if (
      current &&
      (Math.abs(current.y - y) > Math.max(2, (size || current.size) * 0.5) || current.text.endsWith('\n'))
    ) {
      lines.push(current)
      current = null
    }
    if (!str.trim()) {
      if (current) current.space = true
      if (item.hasEOL && current) current.text += '\n'
      continue
    }
    current ??= {
      text: '',
      y,
      size: 0,
      font: item.fontName,
      cells: [],
      chars: 0,
      monoChars: 0,
      end: null,
      space: false,
      fonts: new Set(),
    }
    current.fonts.add(item.fontName)
    const gap = current.text ? separator(current, { str, x, y, size }) : ' | '
    const loose = current.end !== null && x - current.end <= (current.size || size) * CELL_GAP
    if (gap === ' | ') current.cells.push({ x, text: '', gaps: [], loose })
    const cell = current.cells.at(-1)
    if (cell) cell.text += (gap === ' | ' ? '' : gap) + str
    if (cell && gap === ' ' && current.end !== null) cell.gaps?.push(x - current.end)
    if (current.text) current.text += gap
    current.space = false
    current.end = item.width === undefined ? null : x + item.width
    if (cell) cell.end = current.end
    current.text += str
    // The line's size and font are those of most of its characters.
    const chars = str.trim().length
    if (chars > current.chars) {
      current.size = Math.max(current.size, size)
      if (current.chars === 0 || chars >= current.chars) current.font = item.fontName
    }
    current.chars += chars
    if (monospaced(styles, item.fontName)) current.monoChars += chars
    if (item.hasEOL) current.text += '\n'
  }
  if (current) lines.push(current)
  const tidy = (text: string) => separateMarks(composeAccents(text.replace(/\s+/g, ' ').trim()))
  return tableRows(
    lines
      .map((line) => {
        const cells = line.cells.map((c) => ({ ...c, text: tidy(c.text) })).filter((c) => c.text)
        // Vertical bars set apart as cells of their own (a ruler's ticks, a box's sides) are rules, not text.
        const kept = cells.filter((c) => !/^\|[|\s]*$/.test(c.text))
        const text = kept.length < cells.length ? kept.map((c) => c.text).join(' | ') : tidy(line.text)
        const mixed = line.fonts.size > 1 ? { mixed: true } : {}
        const mono = codeLine(line.chars, line.monoChars) ? { mono: true } : {}
        return { text, y: line.y, size: line.size, font: line.font, ...mixed, ...mono, cells: kept, right: line.end }
      })
      .filter((line) => line.text.length > 0),
  )
}

/**
 * Paragraphs of a whole document from its pages' lines, the title its first page sets in its
 * largest type, and its first heading: the title of a file whose metadata names none.
 */
export async function pdfParagraphs(
  doc: PDFDocumentProxy,
  pages: PdfLine[][],
): Promise<{ paragraphs: Paragraph[]; cover: string | null; firstHeading: string | null }> {
  const body = bodyStyle(pages)
  const codeLines = codeKeepsLines(pages.flat())
  const { levels: outlined, repeated } = await bookmarks(doc)
  const furniture = pageFurniture(pages, outlined, body.size)
  const content = pages.map((lines) => lines.filter((line) => !furniture.has(line)))
  const headingSizes = [...new Set(pages.flat().map((l) => Math.round(l.size * 2) / 2))]
    .filter((s) => s >= body.size * 1.12)
    .sort((a, b) => b - a)
  // A hyphen at a line's end is kept or dropped by how the document writes the word elsewhere.
  const words = documentWords(pages.flat().map((line) => line.text))
  // Outlines often name a numbered heading without its number ("Directories" for "3.2.3 Directories").
  const outlineKey = (map: Map<string, number>, line: PdfLine, text = line.text) => {
    const forms = headingStyled(line, body) ? headingForms(text) : [text]
    return forms.map(shape).find((key) => map.has(key))
  }
  // A title the outline has at several depths takes them in turn, as its headings come.
  const met = new Map<string, number>()
  const outlineLevel = (map: Map<string, number>, line: PdfLine, text = line.text) => {
    const key = outlineKey(map, line, text)
    return key === undefined ? undefined : (repeated.get(key)?.[met.get(key) ?? 0] ?? map.get(key))
  }
  // An outline none of whose entries is a line of the text (slide or sheet numbers) names no headings.
  const marks = pages.some((lines) => lines.some((line) => outlineLevel(outlined, line))) ? outlined : new Map()
  const runIn = await runInHeadings(doc, content, body)
  const outline = new Outline()
  const paragraphs: Paragraph[] = []
  let firstHeading: string | null = null
  // The rows of the table being read, and its header, which a table going on over a page break keeps.
  let rows: Row[] = []
  let header: Row | null | undefined
  content.forEach((lines, index) => {
    const page = index + 1
    const contents = isContentsPage(lines, marks, words)
    const kept = contents ? afterContents(lines, marks, body.size) : lines
    if (contents && kept.length === 0) return
    let block: string[] = []
    let lastY: number | null = null
    let lastSize = body.size
    let lastLine: PdfLine | undefined
    const prose = typedProse(kept)
    const flush = () => {
      for (const p of splitParagraphs(block.join('\n'), outline.path, page, asWritten)) paragraphs.push(p)
      block = []
    }
    const flushRows = () => {
      if (rows.length === 0) return
      const table = tidyTable(rows, header)
      for (const p of tableParagraphs(table, { section: outline.path, page }, header === undefined)) paragraphs.push(p)
      header = table.header
      rows = []
    }
    const endTable = () => {
      flushRows()
      header = undefined
    }
    let label: string | null = null
    for (let i = 0; i < kept.length; i++) {
      const line = kept[i] as PdfLine
      if (TOC_LINE.test(line.text) || (marks.size > 0 && pagedEntry(line.text, marks))) continue
      const labelLines = chapterLabel(kept, i, body.size)
      if (labelLines > 0) {
        label = kept
          .slice(i, i + labelLines)
          .map((l) => l.text)
          .join(' ')
        i += labelLines - 1
        continue
      }
      const labelText = label === null ? null : `${label} ${line.text}`
      const labelled = labelText === null ? undefined : outlineLevel(marks, line, labelText)
      label = null
      let text = line.text
      let level = marks.size > 0 ? (outlineLevel(marks, line) ?? labelled ?? 0) : headingLevel(line, body, headingSizes)
      // A heading too long for a line goes on in its style on the next, the outline naming it whole.
      // Without one, a heading in larger type (its first line may end at a comma), or a numbered
      // heading in its own font whose lines joined are one: a numbered line in a code font may be code.
      const large = line.size >= body.size * 1.12
      const wraps = marks.size > 0 ? headingStyled(line, body) : large || level > 0
      const more = wraps ? headingContinuation(kept, i, marks.size > 0) : []
      for (let n = more.length; n > 0; n--) {
        const joined = more.slice(0, n).reduce((whole, next) => joinWrapped(whole, next.text, words), line.text)
        const whole =
          marks.size > 0
            ? (outlineLevel(marks, line, joined) ?? 0)
            : large && level > 0
              ? level
              : headingLevel({ ...line, text: joined }, body, headingSizes, n + 1)
        if (whole === 0) continue
        text = joined
        level = whole
        i += n
        break
      }
      level ||= runIn.has(line) ? RUN_IN_LEVEL : 0
      if (level > 0) {
        flush()
        endTable()
        // A numbered heading is a chapter's or a question's, not the document's name.
        if (level < RUN_IN_LEVEL && !NUMBERED.test(text)) firstHeading ??= text
        // A run-in heading's name set apart from its code ("RMC    Recommended Minimum …") is no table row.
        const name = level < RUN_IN_LEVEL ? text : text.replaceAll(' | ', ' ')
        outline.enter(numberedLevel(outline.open, name, level), name)
        const key =
          outlineKey(marks, line, text) ?? (labelText === null ? undefined : outlineKey(marks, line, labelText))
        if (key !== undefined) met.set(key, (met.get(key) ?? 0) + 1)
        lastY = null
        continue
      }
      // A gap wider than one and a half lines, or a bullet, starts a new paragraph.
      const gap = lastY === null ? 0 : lastY - line.y
      if (gap > Math.max(line.size, lastSize) * 1.9 || gap < 0) block.push('')
      const bullet = BULLET.test(line.text)
      // "-a, --all" or "-40 °C": an option or a value's sign, not a bullet, though its line starts one as a bullet's does.
      const option = /^(?:-\S|\*[^\s*])/.test(line.text)
      // A table row is a paragraph of its own, kept whole, as Markdown's rows are.
      if (line.text.includes(' | ')) {
        flush()
        rows.push(line.text.split(' | '))
        lastY = null
        continue
      }
      endTable()
      const previous = block.at(-1)
      // Code keeps its lines (./pdf-code.ts).
      const own =
        codeLines && previous !== undefined && ownLine(previous, line, lastLine, prose.has(lastLine as PdfLine))
      lastLine = line
      if (previous && !bullet && !option && !own) block[block.length - 1] = joinWrapped(previous, line.text, words)
      else block.push(bullet ? `- ${line.text.replace(/^[-•▪●◦*]\s*/, '')}` : line.text)
      lastY = line.y
      lastSize = line.size
    }
    flush()
    flushRows()
  })
  // The cover is the first page with text: a title sheet may be blank.
  const cover = pages.find((lines) => lines.length > 0) ?? []
  return { paragraphs, cover: coverTitle(cover, body) || null, firstHeading }
}
