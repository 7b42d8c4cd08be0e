/**
 * Pages set in two text columns, as many manuals are. A producer writes one column top to bottom,
 * then the other, so the second column's first line goes back up beside the first column's top:
 * the same move a table row makes when its cells wrap (./pdf-table.ts). Told apart by the page as a
 * whole: a page of two columns has many lines wholly each side of a gutter, each side a wide block
 * of text, and its lines run down one side and then the other, where a wrapped table goes back and
 * forth a row at a time.
 */

export interface Extent {
  /** Where the line starts. */
  left: number
  /** Where its last piece ends; null when the PDF gives no widths. */
  right: number | null
}

/** Lines wholly each side of the gutter, at least. */
const MIN_LINES = 6
/** Lines across the gutter (a title over both columns, a wide figure's caption), at most this share. */
const MAX_ACROSS = 0.3
/** Each column at least this share of the text's width: a table's narrow key column is no text column. */
const MIN_WIDTH = 0.3
/** Going from one side to the other this many times at most: down one column, then the other. */
const MAX_SWITCHES = 3
/** Starts this close (page units) are one column edge. */
const NEAR = 2
/** Candidate gutters looked at, at most (a hostile page may start every line somewhere else). */
const MAX_CANDIDATES = 40

/** Where a page's second text column starts, or null when the page is not set in two columns. */
export function secondColumnStart(lines: Extent[]): number | null {
  const measured = lines.filter((l): l is { left: number; right: number } => l.right !== null)
  if (measured.length < MIN_LINES * 2) return null
  const textLeft = Math.min(...measured.map((l) => l.left))
  const textRight = Math.max(...measured.map((l) => l.right))
  const width = textRight - textLeft
  if (width <= 0) return null
  let best: { start: number; lines: number } | null = null
  for (const start of candidates(measured, textLeft + width * MIN_WIDTH)) {
    const sides = measured.map((l) => (l.left >= start - NEAR ? 1 : l.right < start ? 0 : null))
    const left = measured.filter((_, i) => sides[i] === 0)
    const right = measured.filter((_, i) => sides[i] === 1)
    const across = sides.filter((side) => side === null).length
    if (left.length < MIN_LINES || right.length < MIN_LINES || across > measured.length * MAX_ACROSS) continue
    const span = (ls: { left: number; right: number }[]) =>
      Math.max(...ls.map((l) => l.right)) - Math.min(...ls.map((l) => l.left))
    if (span(left) < width * MIN_WIDTH || span(right) < width * MIN_WIDTH) continue
    if (switches(sides) > MAX_SWITCHES) continue
    const lines = Math.min(left.length, right.length)
    if (!best || lines > best.lines) best = { start, lines }
  }
  return best?.start ?? null
}

/** The commonest line starts right of `after`: where a second column's lines would start. */
function candidates(lines: { left: number }[], after: number): number[] {
  const counts = new Map<number, number>()
  for (const { left } of lines) {
    if (left > after) counts.set(Math.round(left), (counts.get(Math.round(left)) ?? 0) + 1)
  }
  return [...counts]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_CANDIDATES)
    .map(([start]) => start)
}

/** How often the lines, in the order they are written, go from one side to the other. */
function switches(sides: (0 | 1 | null)[]): number {
  let count = 0
  let last: 0 | 1 | null = null
  for (const side of sides) {
    if (side === null) continue
    if (last !== null && side !== last) count++
    last = side
  }
  return count
}
