/**
 * Table rows whose cells wrap over several lines, as word processors draw them: a row's cells are
 * often written one after the other (each cell top to bottom), so the page's lines come out of
 * order and a wrapped cell's second line lands on a line of its own. Lines that follow each other
 * within a line's spacing, or that go back up to the row's first line in a column further right,
 * are one group; a group whose first line holds two columns or more is a table row, rebuilt as
 * `cell | cell` with each cell's lines joined. A lower line written whole across the first column
 * and another starts the next row (a borderless table has a row a line), though its first cell ran into
 * the second; a second text column going back up is no cell (./pdf-columns.ts). A short cell drawn in the
 * middle of its row's height, before or after a taller one, is one row with it. A contents entry (leaders,
 * then its page number apart) is a line of its own: contents pages are dropped by their entries.
 */
import type { PdfLine } from './pdf.ts'
import { secondColumnStart } from './pdf-columns.ts'
import { TOC_LINE } from './pdf-headings.ts'
import { documentWords, joinWrapped, type Words } from './pdf-hyphens.ts'
import { justifiedLines } from './pdf-justified.ts'

export interface Cell {
  x: number
  text: string
  /** Where its last piece ends (null when the PDF gives no widths). */
  end?: number | null
  /** The spaces between its pieces (page units), where measured: what tells a justified line from a row (./pdf-justified.ts). */
  gaps?: number[]
  /** Set apart by a gap at the cell threshold only (./pdf.ts): a cell where a nearby row's column starts. */
  loose?: boolean
}
/** A line with its pieces set apart, and where its last piece ends (null when the PDF gives no widths). */
export type CellLine = PdfLine & { cells: Cell[]; right: number | null }

/** A step down wider than this many times the type size ends a row: rows have padding, lines do not. */
const ROW_STEP = 1.35
/** Positions this close (page units) are the same baseline or the same column. */
const NEAR = 2
/** Lines this many times the type size above or below are the rows a loose cell's column is looked for in. */
const SPAN = 3

export function tableRows(page: CellLine[]): PdfLine[] {
  // A justified line's stretched spaces part no cells.
  const lines = justifiedLines(looseCells(numberedLines(page)))
  const left = (line: CellLine) => line.cells[0]?.x ?? 0
  // On a page of two text columns, the second column's top is no wrapped cell of the first's lines.
  const gutter = secondColumnStart(lines.map((line) => ({ left: left(line), right: line.right })))
  const acrossGutter = (from: CellLine, to: CellLine) =>
    gutter !== null && left(from) < gutter - NEAR && left(to) >= gutter - NEAR
  const groups: CellLine[][] = []
  // Lines that start a cell: a group's first, and each line going back up in a column further right.
  const starts = new Set<CellLine>()
  let group: CellLine[] = []
  const close = () => {
    if (group.length > 0) groups.push(group)
    group = []
  }
  for (const line of lines) {
    if (TOC_LINE.test(line.text)) {
      close()
      groups.push([line])
      continue
    }
    const last = group.at(-1)
    const first = group[0]
    if (last && first) {
      const top = Math.max(...group.map((l) => l.y))
      const step = last.y - line.y
      const down = step > NEAR && step <= Math.max(line.size, last.size) * ROW_STEP
      // Going back up beside three lines or more that each hold a whole row, first cell first, is a
      // column of its own (an example's output beside its input), not the next cell of a wrapped row.
      const rows = group.filter((l) => l.cells.length > 1 && Math.abs(left(l) - left(first)) <= NEAR)
      const own = rows.length >= 3 && beside(group, line)
      const back =
        step <= NEAR && line.y <= top + NEAR && left(line) > left(first) + NEAR && !acrossGutter(first, line) && !own
      // A row's lines are of one type size: a heading set close above a table is no part of its first row.
      const sameSize = Math.abs(line.size - last.size) <= Math.max(line.size, last.size) * 0.05
      if (!sameSize || (!down && !back)) close()
      else if (back && beside(group, line)) starts.add(line)
    }
    if (group.length === 0) starts.add(line)
    group.push(line)
  }
  close()
  // A cell's broken word goes by the page's words: the rest of the document is not read yet.
  const words = documentWords(lines.map((line) => line.text))
  return withCentredCells(groups, acrossGutter).flatMap((g) => rebuild(g, starts, words))
}

/**
 * A loose cell (set apart by a gap at the threshold) is one where a nearby line has a cell set
 * clearly apart starting at its x, a table's column; else its text goes on in the cell before.
 */
function looseCells(page: CellLine[]): CellLine[] {
  return page.map((line) => {
    if (!line.cells.some((cell) => cell.loose)) return line
    const column = (x: number) =>
      page.some(
        (other) =>
          other !== line &&
          Math.abs(other.y - line.y) <= line.size * SPAN &&
          other.cells.some((cell, i) => i > 0 && !cell.loose && Math.abs(cell.x - x) <= NEAR),
      )
    const cells: Cell[] = []
    for (const { loose, ...cell } of line.cells) {
      const before = cells.at(-1)
      if (!before || !loose || column(cell.x)) cells.push(cell)
      else {
        const gap = before.end == null ? [] : [cell.x - before.end]
        cells[cells.length - 1] = {
          ...before,
          text: `${before.text} ${cell.text}`,
          gaps: [...(before.gaps ?? []), ...gap, ...(cell.gaps ?? [])],
          end: cell.end,
        }
      }
    }
    return { ...line, cells, text: cells.map((cell) => cell.text).join(' | ') }
  })
}

/**
 * A cell drawn in the middle of its row's height (word processors' spec tables): the cell before a
 * taller one, as high as its middle, is one row with it; the streaming above only joins cells that
 * start at the row's top. Only groups of one cell a line are joined, side by side left to right.
 */
function withCentredCells(groups: CellLine[][], acrossGutter: (from: CellLine, to: CellLine) => boolean) {
  const out: CellLine[][] = []
  for (const group of groups) {
    const previous = out.at(-1)
    if (previous && centredBeside(previous, group, acrossGutter)) out[out.length - 1] = [...previous, ...group]
    else out.push(group)
  }
  return out
}

/** A line starts right of where every line of a cell ends (a superscript's line goes on from its own). */
function beside(cell: CellLine[], line: CellLine): boolean {
  const ends = cell.map((l) => l.right ?? (l.cells[0]?.x ?? 0) + NEAR)
  return (line.cells[0]?.x ?? 0) >= Math.max(...ends) - NEAR
}

function centredBeside(
  before: CellLine[],
  after: CellLine[],
  acrossGutter: (from: CellLine, to: CellLine) => boolean,
): boolean {
  const lines = [...before, ...after]
  const [first] = before
  const [next] = after
  if (!first || !next || lines.some((l) => l.cells.length !== 1 || TOC_LINE.test(l.text))) return false
  const size = first.size
  if (lines.some((l) => Math.abs(l.size - size) > size * 0.05) || acrossGutter(first, next)) return false
  if (!after.every((line) => beside(before, line))) return false
  const span = (ls: CellLine[]) => ({ top: Math.max(...ls.map((l) => l.y)), bottom: Math.min(...ls.map((l) => l.y)) })
  const a = span(before)
  const b = span(after)
  const nested =
    (a.top <= b.top + NEAR && a.bottom >= b.bottom - NEAR) || (b.top <= a.top + NEAR && b.bottom >= a.bottom - NEAR)
  return nested && Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) <= size * 0.75
}

const plain = ({ text, y, size, font, mixed, mono }: PdfLine): PdfLine => ({
  text,
  y,
  size,
  font,
  ...(mixed ? { mixed } : {}),
  ...(mono ? { mono } : {}),
})

function rebuild(group: CellLine[], starts: ReadonlySet<CellLine>, words: Words): PdfLine[] {
  const top = Math.max(...group.map((l) => l.y))
  const columns = [
    ...new Set(
      group.filter((l) => l.y >= top - NEAR || starts.has(l)).flatMap((l) => l.cells.map((c) => Math.round(c.x))),
    ),
  ].sort((a, b) => a - b)
  if (group.length < 2 || columns.length < 2) return group.map(plain)
  const column = (x: number) =>
    Math.max(
      0,
      columns.findLastIndex((start) => start <= x + NEAR),
    )
  // A line written whole across the first column and another is a row of its own (a borderless
  // table), though a wide first cell ran into the second with too small a gap to set them apart;
  // lines of single cells on one baseline are the wrapped parts of the row above.
  const wholeRow = (line: CellLine) => {
    const used = new Set(line.cells.map((c) => column(c.x)))
    const across = line.right !== null && line.right > (columns[1] ?? Number.POSITIVE_INFINITY) + NEAR
    return used.has(0) && (used.size > 1 || across)
  }
  const rows: { y: number; cells: string[][] }[] = []
  const sorted = [...group].sort((a, b) => b.y - a.y || (a.cells[0]?.x ?? 0) - (b.cells[0]?.x ?? 0))
  sorted.forEach((line, i) => {
    const newBaseline = i === 0 || Math.abs((sorted[i - 1]?.y ?? 0) - line.y) > NEAR
    if (rows.length === 0 || (newBaseline && wholeRow(line))) rows.push({ y: line.y, cells: columns.map(() => []) })
    for (const cell of line.cells) rows.at(-1)?.cells[column(cell.x)]?.push(cell.text)
  })
  const { size, font } = group[0] as CellLine
  const mixed = group.some((line) => line.mixed || line.font !== font) ? { mixed: true } : {}
  const mono = group.every((line) => line.mono) ? { mono: true } : {}
  return rows.map(({ y, cells }) => ({
    text: cells
      // A cell's lines joined as a paragraph's are, a hyphen at a line's end kept or dropped by the page's words.
      .map((parts) => parts.reduce((whole, part) => (whole ? joinWrapped(whole, part, words) : part), ''))
      .filter(Boolean)
      .join(' | '),
    y,
    size,
    font,
    ...mixed,
    ...mono,
  }))
}

/** A heading's or a clause's number ("4.1", "3.2.1"), as word processors set it apart from its title by a tab. */
const SECTION_NUMBER = /^\d{1,2}(?:\.\d{1,2}){1,3}\.?$/

/**
 * "4.1<tab>Host to TNC Commands": a numbered title, one line of text, not a row of two cells. Only
 * where neither line beside it is a row: a table whose first column holds such numbers keeps it.
 */
function numberedLines(lines: CellLine[]): CellLine[] {
  const isRow = (line: CellLine | undefined) => (line?.cells.length ?? 0) > 1
  return lines.map((line, i) => {
    const [number, title] = line.cells
    if (line.cells.length !== 2 || !number || !title || isRow(lines[i - 1]) || isRow(lines[i + 1])) return line
    if (!SECTION_NUMBER.test(number.text) || !/^\p{Lu}\p{Ll}/u.test(title.text)) return line
    const text = `${number.text} ${title.text}`
    return { ...line, text, cells: [{ ...number, text, end: title.end }] }
  })
}
