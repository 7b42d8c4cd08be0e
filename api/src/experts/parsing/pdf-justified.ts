/**
 * Justified text: a line set flush with both margins has its word spaces stretched, and a producer
 * that draws it word by word (LibreOffice, Chromium, pdfTeX read by pdfjs) leaves gaps as wide as
 * the ones that set table cells apart (./pdf.ts), so a prose line would come out as a row
 * `word | rest of the line`. A wide gap is a stretched space only on a line of a block set between
 * two margins (it ends at the right one), when no nearby line has a piece starting where the cell
 * after it starts (a table's columns line up over its rows, a definition's text under its wrapped
 * lines), when the line's other wide gaps are as wide (justifying stretches a line's spaces alike;
 * a table's gaps differ with its cells), when it is not far wider than the line's word spaces (a
 * label and its value) and when the line is not set in type of one width (code lined up with spaces).
 */
import type { Cell, CellLine } from './pdf-table.ts'

/** Positions this close (page units) are one edge or one column. */
const NEAR = 2
/** Lines of one piece between two margins, at least, for them to be a justified block's. */
const MIN_FLUSH = 3
/** A paragraph's first line indented this many times the type size, at most. */
const INDENT = 4
/** Lines this many times the type size above or below are the ones a column lines up with. */
const SPAN = 3
/** A gap this many times the line's word spaces (their median) or more is a cell boundary still. */
const FAR = 3
/** The line's other wide gaps (their median) this much narrower or wider: a table's, not stretched spaces. */
const UNEVEN = 0.03
/** Pieces' advances per character this close: type of one width (code, figures), whose gaps are columns. */
const EVEN_ADVANCE = 0.01
/**
 * pdfjs starts a new piece at a gap wider than 0.6 times the type size, so the spaces inside a
 * piece are at most that wide: the line's other spaces when none is measured between pieces.
 */
const IN_PIECE_SPACE = 0.6

/** The page's lines with the stretched spaces of its justified lines no longer parting cells. */
export function justifiedLines(lines: CellLine[]): CellLine[] {
  const stretched = lines.map((line) => (line.cells.length > 1 && inBlock(line, lines) ? spaces(line) : null))
  return lines.map((line, i) => {
    const spaced = stretched[i]
    if (!spaced?.some(Boolean)) return line
    const near = lines.flatMap((other, j) =>
      other !== line && Math.abs(other.y - line.y) <= line.size * SPAN ? [{ other, stretched: stretched[j] }] : [],
    )
    // A column: a cell starts there on a nearby line, a line's start or a gap left wide, or on two
    // lines whatever the gap (a justified line's words fall anywhere, now and then under another's).
    const column = (x: number) => {
      const at = near.map(({ other }) => other.cells.findIndex((c) => Math.abs(c.x - x) <= NEAR) + 1)
      return at.some((n, k) => n > 0 && !near[k]?.stretched?.[n - 1]) || at.filter((n) => n > 0).length >= 2
    }
    const kept = spaced.map((space, j) => space && !column(line.cells[j]?.x ?? 0))
    return kept.some(Boolean) ? merged(line, kept) : line
  })
}

/**
 * The line ends at the right margin of a block of text set between two margins (at least MIN_FLUSH
 * lines of one piece, as most of a justified paragraph's are, starting and ending alike: a table's
 * rows are of several), and starts at its left margin or a paragraph's indent.
 */
function inBlock(line: CellLine, lines: CellLine[]): boolean {
  const right = line.right
  if (right === null) return false
  const left = (l: CellLine) => Math.round(l.cells[0]?.x ?? 0)
  const lefts = new Map<number, number>()
  for (const other of lines) {
    if (other.cells.length !== 1 || other.right === null || Math.abs(other.right - right) > NEAR) continue
    lefts.set(left(other), (lefts.get(left(other)) ?? 0) + 1)
  }
  return [...lefts].some(
    ([margin, count]) => count >= MIN_FLUSH && left(line) >= margin - NEAR && left(line) <= margin + line.size * INDENT,
  )
}

/** For each cell after the first, whether the gap before it is a stretched space. */
function spaces(line: CellLine): boolean[] {
  const { cells, size } = line
  const gaps = cells.map((cell, i) => {
    const end = cells[i - 1]?.end
    return i === 0 || end === undefined || end === null ? null : cell.x - end
  })
  // The line's word spaces: measured between its pieces, else each space in a piece at the widest
  // pdfjs leaves in one.
  const measured = cells.flatMap((cell) => cell.gaps ?? [])
  const inPiece = cells.flatMap((cell) => (cell.text.match(/ /g) ?? []).map(() => size * IN_PIECE_SPACE))
  const words = measured.length > 0 ? measured : inPiece
  if (monospaced(cells, gaps)) return cells.map(() => false)
  return cells.map((_, i) => {
    const gap = gaps[i]
    if (gap === null || gap === undefined) return false
    const others = gaps.filter((g, j): g is number => g !== null && j !== i)
    // Justifying stretches a line's spaces alike; a table's gaps differ with its cells' widths.
    if (others.length > 0 && Math.abs(median(others) - gap) > gap * UNEVEN) return false
    if (words.length > 0) return gap < median(words) * FAR
    return others.length > 0
  })
}

/**
 * Every piece as wide as its characters at one advance, and the gaps whole numbers of it: code or
 * figures set in type of one width, lined up with spaces, never justified.
 */
function monospaced(cells: Cell[], gaps: (number | null)[]): boolean {
  const advances = cells.flatMap((c) => (c.end === undefined || c.end === null ? [] : [(c.end - c.x) / c.text.length]))
  const advance = median(advances)
  if (advances.length < 2 || advance <= 0) return false
  const even = advances.every((a) => Math.abs(a - advance) <= advance * EVEN_ADVANCE)
  return even && gaps.every((g) => g === null || Math.abs(g / advance - Math.round(g / advance)) <= 0.15)
}

/** The middle value; none, 0. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/** The line with each cell after a stretched space joined to the one before it. */
function merged(line: CellLine, spaced: boolean[]): CellLine {
  const cells: Cell[] = []
  line.cells.forEach((cell, i) => {
    const last = cells.at(-1)
    if (!last || !spaced[i]) {
      cells.push({ ...cell })
      return
    }
    const gap = last.end === undefined || last.end === null ? [] : [cell.x - last.end]
    cells[cells.length - 1] = {
      x: last.x,
      text: `${last.text} ${cell.text}`,
      end: cell.end ?? null,
      gaps: [...(last.gaps ?? []), ...gap, ...(cell.gaps ?? [])],
    }
  })
  return { ...line, cells, text: cells.map((cell) => cell.text).join(' | ') }
}
