/**
 * A table's rows made ready for passages, whatever the format: rows without a letter (rules drawn
 * with characters, a field-number ruler over a sentence format) go unless the table holds numbers,
 * and a table laid out in column groups side by side ("Code | Name | Code | Name") becomes one row
 * per group, each group read top to bottom, so no row pairs two unrelated entries.
 */
import type { Paragraph } from './outline.ts'

export type Row = string[]

export interface Table {
  header: Row | null
  rows: Row[]
}

const letters = (row: Row) => row.some((cell) => /\p{L}/u.test(cell))
const digits = (row: Row) => !letters(row) && row.some((cell) => /\d/.test(cell))
/** A table of numbers (readings, a data file) has at least this many rows of numbers. */
const NUMBER_ROWS = 3
/** A column group's first cell is a key (a code, a pin, a number): one short token. */
const KEY = /^\S{1,12}$/

/**
 * `header` undefined: the first row left is the header, as PDF and HTML tables without marked
 * header cells are read; null: the table has none.
 */
export function tidyTable(rows: Row[], header?: Row | null): Table {
  let words = header ? letters(header) : false
  const numbers = rows.filter(digits).length >= NUMBER_ROWS
  const kept = rows.filter((row) => {
    if (letters(row)) {
      words ||= header === undefined
      return true
    }
    // A row of numbers under a header of words is data.
    return digits(row) && (words || numbers)
  })
  const head = header === undefined ? (kept[0] ?? null) : header
  const body = header === undefined ? kept.slice(1) : kept
  const width = head ? repeatedWidth(head) : 0
  if (head && width) return { header: head.slice(0, width), rows: regroup(body, head.length, width) }
  const keyed = keyedWidth(kept)
  if (keyed && header === undefined) return { header: null, rows: regroup(kept, keyed * 2, keyed) }
  if (keyed) return { header: head, rows: regroup(body, keyed * 2, keyed) }
  return { header: head, rows: body }
}

/** The width of one group when the header row is the same cells over again ("Code | Name | Code | Name"). */
function repeatedWidth(header: Row): number {
  const cells = header.map((cell) => cell.trim().toLowerCase())
  // A group is two cells or more: a key and a value written the same ('callsign callsign') is no header.
  for (let groups = Math.floor(cells.length / 2); groups >= 2; groups--) {
    const width = cells.length / groups
    if (!Number.isInteger(width) || !letters(cells.slice(0, width))) continue
    if (cells.every((cell, i) => cell === cells[i % width])) return width
  }
  return 0
}

const shape = (cell: string) =>
  cell
    .replace(/\p{Lu}/gu, 'A')
    .replace(/\p{Ll}/gu, 'a')
    .replace(/\d+/g, '9')

/**
 * The width of one of two groups when, without a repeated header, most rows hold two groups whose
 * first cells are keys of one shape but different ("FUR | Furuno USA | MDL | Medallion Instruments").
 */
function keyedWidth(rows: Row[]): number {
  const counts = new Map<number, number>()
  for (const row of rows) if (row.length >= 4) counts.set(row.length, (counts.get(row.length) ?? 0) + 1)
  const [cells = 0, count = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? []
  // One group may run longer than the other: its last rows have its cells only.
  if (cells % 2 !== 0 || count < Math.max(4, rows.length * 0.4)) return 0
  const width = cells / 2
  const keyed = rows.filter((row) => {
    const [left = '', right = ''] = [row[0]?.trim(), row[width]?.trim()]
    return row.length === cells && KEY.test(left) && shape(left) === shape(right) && left !== right
  })
  if (keyed.length < count * 0.8) return 0
  // Numbers as keys are one numbered list in two halves (pins 1-8 beside 9-16) only when every
  // right key is its left key plus the same step; else they are two columns of data (a field's
  // number and its size in bits).
  const steps = new Set(keyed.map((row) => Number(row[width]) - Number(row[0])))
  const numbered = keyed.every((row) => /^\d+$/.test(row[0]?.trim() ?? ''))
  const [step = 0] = steps
  return numbered && (steps.size !== 1 || step <= 0) ? 0 : width
}

/** Rows of `cells` cells cut into groups of `width`, the first group's rows first; other rows stay in the first. */
function regroup(rows: Row[], cells: number, width: number): Row[] {
  const groups: Row[][] = Array.from({ length: cells / width }, () => [])
  for (const row of rows) {
    if (row.length !== cells) {
      groups[0]?.push(row)
      continue
    }
    groups.forEach((group, g) => {
      const part = row.slice(g * width, (g + 1) * width)
      if (part.some((cell) => cell.trim())) group.push(part)
    })
  }
  return groups.flat()
}

/** The table as paragraphs: its header row (unless `withHeader` is false, a table going on from a page before), then each row with it. */
export function tableParagraphs(
  table: Table,
  spot: Pick<Paragraph, 'section' | 'page'>,
  withHeader = true,
): Paragraph[] {
  const header = table.header?.join(' | ')
  const rows = table.rows.map(
    (row): Paragraph => ({ ...spot, text: row.join(' | '), verbatim: true, ...(header ? { header } : {}) }),
  )
  return withHeader && header ? [{ ...spot, text: header, verbatim: true }, ...rows] : rows
}
