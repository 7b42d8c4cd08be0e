/**
 * What goes between two pieces of one line of a PDF: a table cell's boundary, a space or nothing,
 * read from the gap between them (the widths of the PDF's own space items are often wrong) and, for
 * a footnote mark, from its raised baseline and smaller type (./pdf-marks.ts).
 */
import { raisedMark } from './pdf-marks.ts'

/** A piece of text as pdfjs gives it: its string, where it is drawn and in what type. */
export interface TextItemLike {
  str: string
  transform: number[]
  /** Advance width in page units (pdfjs gives it; absent, no gap is read). */
  width?: number
  height: number
  fontName: string
  hasEOL: boolean
}

/** A gap between two pieces of one line wider than this many times the type size parts table cells. */
export const CELL_GAP = 1.2
/** From this gap to CELL_GAP, cells only where a nearby row's cell starts (./pdf-table.ts `looseCells`): LaTeX
 * sets a column's widest cell exactly CELL_GAP from the next (12 pt at 10 pt), which reads either side of it. */
const COLUMN_GAP = 1.1
/** A gap wider than this (times the type size) is a space the PDF did not write as a character. */
const WORD_GAP = 0.15

/** A bullet or item number, set apart from its item's text by a tab: a list, not a table's first column. */
const LIST_MARK = /^(?:[-•●▪◦‣○■□➢➤✓✔–*]|\d{1,2}[.)]|[a-z][.)])$/

/** The line read so far: its text, baseline and type size, where its last piece ends, whether a space item followed it. */
interface LineSoFar {
  text: string
  y: number
  size: number
  end: number | null
  space: boolean
}

/** What goes before a piece `str` drawn at (x, y) in type `size` on `line`. */
export function separator(line: LineSoFar, piece: { str: string; x: number; y: number; size: number }): string {
  const size = line.size || piece.size
  const gap = line.end === null ? null : piece.x - line.end
  if (gap !== null && gap > size * COLUMN_GAP) return LIST_MARK.test(line.text.trim()) ? ' ' : ' | '
  if (line.space || (gap !== null && gap > size * WORD_GAP)) return ' '
  return raisedMark(line, piece.str, piece.y, piece.size) ? ' ' : ''
}
