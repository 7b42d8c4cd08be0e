/**
 * Which lines of a PDF are headings, when its outline does not say: type larger than the body's,
 * or a numbered line in a heading font.
 */
import type { PdfLine } from './pdf.ts'

/**
 * A contents entry: dot leaders, packed or spaced ('. . . .'), then its page number, which may be
 * set apart as a cell of its own or follow a word ('page 4', 'p. iv').
 */
export const TOC_LINE = /(?:(?:\.\s{0,2}){4,}|…{2,})\s*(?:\|\s*)?(?:\p{L}{1,5}\.?\s+)?(?:\d+|(?<=\s)[ivxlc]+)\s*$/iu

/** The most common size and font by characters: the body text. */
export function bodyStyle(pages: PdfLine[][]) {
  const sizes = new Map<number, number>()
  const fonts = new Map<string, number>()
  for (const line of pages.flat()) {
    const size = Math.round(line.size * 2) / 2
    sizes.set(size, (sizes.get(size) ?? 0) + line.text.length)
    fonts.set(line.font, (fonts.get(line.font) ?? 0) + line.text.length)
  }
  const top = <T>(map: Map<T, number>) => [...map].sort((a, b) => b[1] - a[1])[0]?.[0]
  return { size: top(sizes) ?? 0, font: top(fonts) ?? '' }
}

const NUMBERED = /^(\d+(?:\.\d+){0,4})\.?\s+\p{L}/u

/** The heading level of a line, or 0 when it is body text. */
export function headingLevel(line: PdfLine, body: { size: number; font: string }, headingSizes: number[]): number {
  const text = line.text
  if (text.length > 90 || !/\p{L}/u.test(text) || /[.,;:]$/.test(text) || TOC_LINE.test(text)) return 0
  const numbered = NUMBERED.exec(text)
  const depth = numbered ? (numbered[1] ?? '').split('.').length : 0
  if (line.size >= body.size * 1.12) {
    return depth || headingSizes.indexOf(Math.round(line.size * 2) / 2) + 1 || 1
  }
  if (numbered && line.font !== body.font && line.size >= body.size * 0.95 && text.split(/\s+/).length <= 10)
    return depth
  return 0
}
