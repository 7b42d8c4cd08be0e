/**
 * A PDF's running lines: heads and feet repeated on most pages or carrying the page's number,
 * which are furniture, not content.
 */
import type { PdfLine } from './pdf.ts'

/** A line's words, numbers aside, as running lines and outline entries are compared. */
export const shape = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()
/**
 * Lines that open or close most pages with the same words (numbers aside): running heads and page
 * numbers. A book's left and right pages have heads of their own ("116 | gnuplot" and "gnuplot | 117"),
 * so a line is counted on even and odd pages apart.
 */
export function runningLines(pages: PdfLine[][]): Set<string> {
  const running = new Set<string>()
  for (const parity of [0, 1]) {
    const sides = pages.filter((_, i) => i % 2 === parity)
    const counts = new Map<string, number>()
    for (const lines of sides) {
      const edges = new Set([...lines.slice(0, 3), ...lines.slice(-3)].map((line) => shape(line.text)))
      for (const edge of edges) counts.set(edge, (counts.get(edge) ?? 0) + 1)
    }
    const needed = Math.max(3, Math.ceil(sides.length * 0.5))
    for (const [text, n] of counts) if (pages.length >= 3 && n >= needed) running.add(text)
  }
  return running
}

/**
 * Lines at a page's top or bottom whose last number is that page's printed number (as far from its
 * place in the file on 3 pages or more, and the same first word): running heads that change with
 * each chapter ("CHAPTER 2. COMMAND LINE INTERFACE | 9", "CHAPTER 5. BREAKPOINTS | 35"), too few
 * alike for `runningLines`, and page numbers printed only where a chapter starts. Keyed `page
 * index` + newline + text.
 */
export function folioLines(pages: PdfLine[][]): Set<string> {
  const alike = new Map<string, string[]>()
  pages.forEach((lines, i) => {
    for (const line of new Set([...lines.slice(0, 2), ...lines.slice(-2)])) {
      const folio = /(\d+)$/.exec(line.text.trim())?.[1]
      if (folio === undefined) continue
      const kind = `${shape(line.text).split(' ')[0]}\n${Number(folio) - i}`
      alike.set(kind, [...(alike.get(kind) ?? []), `${i}\n${line.text}`])
    }
  })
  const onPages = (keys: string[]) => new Set(keys.map((key) => key.split('\n')[0])).size
  return new Set([...alike.values()].filter((keys) => onPages(keys) >= 3).flat())
}

/** Each page's lines without its running heads, feet and page numbers. */
export function withoutRunningLines(pages: PdfLine[][]): PdfLine[][] {
  const running = runningLines(pages)
  const folios = folioLines(pages)
  return pages.map((lines, i) =>
    lines.filter((line) => !running.has(shape(line.text)) && !folios.has(`${i}\n${line.text}`)),
  )
}
