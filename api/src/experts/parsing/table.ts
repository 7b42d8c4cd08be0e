/**
 * A table's rows made ready for passages, whatever the format: rows without a letter (rules drawn
 * with characters, a field-number ruler over a sentence format) go unless the table holds numbers.
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
  if (header !== undefined) return { header, rows: kept }
  return { header: kept[0] ?? null, rows: kept.slice(1) }
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
