/** HTML table rows as the parser collects them, and header rows joined by the spans they draw. */
import type { Row } from './table.ts'

export interface HtmlRow {
  cells: string[]
  spans: { cols: number; rows: number }[]
  /** Every cell a <th>. */
  headings: boolean
}

/** A colspan or rowspan larger than this is taken as this (a page could ask for millions). */
export const MAX_SPAN = 50

/**
 * Header rows joined column by column, their cells laid out as their spans draw them: "Present In"
 * over five columns above "USR 2" … "USR 6" gives "Present In USR 2" … "Present In USR 6".
 */
export function joinHeaderRows(rows: HtmlRow[]): Row {
  const grid: string[][] = rows.map(() => [])
  rows.forEach((row, r) => {
    let col = 0
    row.cells.forEach((text, i) => {
      while (grid[r]?.[col] !== undefined) col++
      const span = row.spans[i] ?? { cols: 1, rows: 1 }
      for (let down = 0; down < span.rows && r + down < rows.length; down++) {
        // A cell spanning rows is named once, in its first.
        for (let across = 0; across < span.cols; across++) (grid[r + down] as string[])[col + across] = down ? '' : text
      }
      col += span.cols
    })
  })
  const width = grid.reduce((widest, cells) => Math.max(widest, cells.length), 0)
  return Array.from({ length: width }, (_, c) =>
    [...new Set(grid.map((cells) => cells[c] ?? '').filter(Boolean))].join(' '),
  )
}
