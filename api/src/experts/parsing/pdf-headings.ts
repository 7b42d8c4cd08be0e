/**
 * Which lines of a PDF are headings: when its outline does not say, type larger than the body's or
 * a numbered line in a heading font; below the outline's and those, run-in headings in bold.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js'
import type { PdfLine } from './pdf.ts'

/**
 * A contents entry: dot leaders, packed or spaced ('. . . .'), then its page number, which may be
 * set apart as a cell of its own or follow a word ('page 4', 'p. iv').
 */
export const TOC_LINE = /(?:(?:\.\s{0,2}){4,}|…{2,})\s*(?:\|\s*)?(?:\p{L}{1,5}\.?\s+)?(?:\d+|(?<=\s)[ivxlc]+)\s*$/iu

interface BodyStyle {
  size: number
  font: string
}

/** The most common size and font by characters: the body text. */
export function bodyStyle(pages: PdfLine[][]): BodyStyle {
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

/**
 * A section number ("2", "0.1", "10.3.1", an appendix's "A.2"); a longer one, or one with a leading
 * zero, is an address or a value in code ("0020 d7ff bra").
 */
export const NUMBERED = /^((?:0|[1-9]\d?|\p{Lu}(?=\.\d))(?:\.\d+){0,4})\.?\s+\p{L}/u

/**
 * Set as a heading may be, whatever its words: in type larger than the body's, or numbered in
 * another font. A line the outline names is a heading when so set (a question ending in "." too).
 */
export const headingStyled = (line: PdfLine, body: BodyStyle) =>
  line.size >= body.size * 1.12 || (line.font !== body.font && NUMBERED.test(line.text))

/**
 * The lines after a heading's first that go on with its text (at most two): words in its size and
 * font, a line's spacing below, neither numbered as a heading of their own nor a contents entry or
 * table row (a date under a title is none). `loose`, when an outline confirms the whole: a part of
 * it may be set in another font, a piece of code larger.
 */
export function headingContinuation(lines: PdfLine[], i: number, loose = false): PdfLine[] {
  const first = lines[i]
  const more: PdfLine[] = []
  let above = first
  for (const next of lines.slice(i + 1, i + 3)) {
    if (!first || !above) break
    const font = loose || next.font === first.font
    const size = Math.abs(next.size - first.size) <= (loose ? first.size * 0.2 : 0.25)
    const gap = above.y - next.y
    if (!font || !size || gap <= 0 || gap > Math.max(next.size, first.size) * 1.6) break
    if (NUMBERED.test(next.text) || TOC_LINE.test(next.text) || next.text.includes(' | ')) break
    if (/^[-•▪●◦*]/.test(next.text) || !/\p{L}/u.test(next.text)) break
    more.push(next)
    above = next
  }
  return more
}

const CHAPTER_LABEL =
  /^(?:chapter|part|appendix)\s+(?:\d{1,3}|[IVXLC]{1,6}|[A-Z]|one|two|three|four|five|six|seven|eight|nine|ten)$/i

/**
 * How many lines from `i` are a book's "Chapter 2" or "Part I" over its title (one, or two as
 * Sphinx sets "CHAPTER" over "ONE"), in large type and the title too: no passage, the title names
 * the section. 0 when none.
 */
export function chapterLabel(lines: PdfLine[], i: number, bodySize: number): number {
  const [line, next] = [lines[i], lines[i + 1]]
  if (!line) return 0
  const count = CHAPTER_LABEL.test(line.text) ? 1 : next && CHAPTER_LABEL.test(`${line.text} ${next.text}`) ? 2 : 0
  const large = (l: PdfLine | undefined) => l !== undefined && l.size >= bodySize * 1.12
  const label = lines.slice(i, i + count)
  return count > 0 && large(lines[i + count]) && label.some(large) ? count : 0
}

/** Short for its `lines`, with a letter, not ending as a sentence or a label does, not a contents entry. */
const headingText = (text: string, lines = 1) =>
  text.length <= 90 * lines && /\p{L}/u.test(text) && !/[.,;:]$/.test(text) && !TOC_LINE.test(text)

/** The heading level of a line (or of a heading's `lines` joined), or 0 when it is body text. */
export function headingLevel(line: PdfLine, body: BodyStyle, headingSizes: number[], lines = 1): number {
  const text = line.text
  if (!headingText(text, lines)) return 0
  const numbered = NUMBERED.exec(text)
  const depth = numbered ? (numbered[1] ?? '').split('.').length : 0
  if (line.size >= body.size * 1.12) {
    return depth || headingSizes.indexOf(Math.round(line.size * 2) / 2) + 1 || 1
  }
  // In a heading font: the whole line, not a step whose command is in a code font ("2. Type dfu-util").
  const headingFont = line.font !== body.font && !line.mixed
  if (numbered && headingFont && line.size >= body.size * 0.95 && text.split(/\s+/).length <= 10 * lines) return depth
  return 0
}

/** A heading's section number in parts ("6.4" → 6, 4), or null. */
const sectionNumber = (text: string) => NUMBERED.exec(text)?.[1]?.split('.') ?? null

/**
 * A numbered heading's level, by the numbered headings open above it: one with fewer parts to its
 * number than the innermost ("7." after "6.4") cannot be inside it, so it goes at the level of the
 * open heading it follows in the numbering ("6."), whatever made it deeper (a run-in style, an
 * outline entry that names it otherwise). It is never made deeper.
 */
export function numberedLevel(open: readonly { level: number; text: string }[], text: string, level: number): number {
  const own = sectionNumber(text)
  const innermost = open.map((heading) => sectionNumber(heading.text)).findLast(Boolean)
  if (!own || !innermost || innermost.length <= own.length) return level
  const last = Number(own.at(-1))
  const before = open.find((heading) => {
    const theirs = sectionNumber(heading.text)
    return (
      theirs?.length === own.length &&
      theirs.slice(0, -1).join('.') === own.slice(0, -1).join('.') &&
      Number(theirs.at(-1)) < last
    )
  })
  return before && before.level < level ? before.level : level
}

/** Run-in headings go below every other level: deeper than any outline, type size or numbering gives. */
export const RUN_IN_LEVEL = 100
/** A style makes run-in headings when it sets at least this many, each with a text of its own. */
const RUN_IN_MIN = 3

/**
 * Headings set in bold at the body's size, as word processors' run-in headings are ("RMC  Recommended
 * Minimum Specific GNSS Data" over that sentence's fields): whole lines in one font, short, that
 * start a block and sit closer to what follows than to what is above, in a style that sets such
 * lines again and again through the document (on two pages or more, unless it has one), most of its
 * lines being such. Bold words in a sentence, a bold paragraph, a table's bold header or cells and
 * a label used again ("Note") are none. A font's name is looked up only for a style that qualifies
 * otherwise: it takes that page's operator list.
 */
export async function runInHeadings(doc: PDFDocumentProxy, pages: PdfLine[][], body: BodyStyle): Promise<Set<PdfLine>> {
  const styles = new Map<string, { lines: PdfLine[]; uses: number; pages: Set<number> }>()
  pages.forEach((lines, index) => {
    lines.forEach((line, i) => {
      const key = `${line.font}@${Math.round(line.size * 2) / 2}`
      const style = styles.get(key) ?? { lines: [], uses: 0, pages: new Set<number>() }
      styles.set(key, style)
      style.uses++
      if (!runInShape(lines, i, body)) return
      style.lines.push(line)
      style.pages.add(index + 1)
    })
  })
  const found = new Set<PdfLine>()
  for (const { lines, uses, pages: on } of styles.values()) {
    const counts = new Map<string, number>()
    for (const line of lines) counts.set(line.text, (counts.get(line.text) ?? 0) + 1)
    const own = lines.filter((line) => counts.get(line.text) === 1)
    const [first] = on
    const recurs = own.length >= RUN_IN_MIN && on.size >= Math.min(2, pages.length) && lines.length >= uses / 2
    if (first !== undefined && recurs && (await isBold(doc, first, lines[0]?.font ?? ''))) {
      for (const line of own) found.add(line)
    }
  }
  return found
}

const cells = (line: PdfLine) => line.text.split(' | ').length

function runInShape(lines: PdfLine[], i: number, body: BodyStyle) {
  const [before, line, after] = [lines[i - 1], lines[i] as PdfLine, lines[i + 1]]
  if (line.mixed || line.font === body.font || line.size < body.size * 0.9 || line.size >= body.size * 1.12)
    return false
  if (!headingText(line.text) || /^[-•▪●◦*]/.test(line.text)) return false
  // It starts a block, and sits closer to what it heads than to what is above (a step up is a new column).
  const above = before && before.y > line.y ? before.y - line.y : Number.POSITIVE_INFINITY
  const below = after && after.y < line.y ? line.y - after.y : 0
  if (above < line.size * 1.5 || above <= below * 1.2) return false
  // A bold paragraph goes on in its font and size on the next line (a man page's heading is a point larger than its bold terms).
  const sameSize = after && Math.abs(after.size - line.size) < line.size * 0.05
  if (after && below > 0 && below < line.size * 1.5 && after.font === line.font && sameSize) return false
  // The next line drawn just above it: cells of a table row written one after the other.
  if (after && after.y > line.y && after.y - line.y < line.size * 3) return false
  // A table's bold header has rows of as many cells under it (a heading, one line at most: a ruler).
  const rows = [after, lines[i + 2]].filter((next) => next && cells(next) === cells(line))
  return !(line.text.includes(' | ') && rows.length === 2)
}

async function isBold(doc: PDFDocumentProxy, pageNumber: number, fontId: string): Promise<boolean> {
  const page = await doc.getPage(pageNumber)
  await page.getOperatorList()
  const font = page.commonObjs.has(fontId) ? page.commonObjs.get(fontId) : null
  return Boolean(font?.bold || font?.black || /bold|black|heavy/i.test(font?.name ?? ''))
}

/** At most this many lines of the cover's largest type make its title (a title set over two or three lines). */
const COVER_LINES = 3

/**
 * The title set on the first page: its lines in the largest type, when that is larger than the
 * body's, the first run of them in reading order ("AIS Reception" on a cover whose first heading is
 * "1 What is AIS?"; "Teensy 3.2 based Actisense format" and the line under it). A date or a number
 * in the same type is not part of it; null when the page has no such line.
 */
export function coverTitle(lines: PdfLine[], body: BodyStyle): string | null {
  const size = (line: PdfLine) => Math.round(line.size * 2) / 2
  const titled = lines.filter((line) => /\p{L}{2}/u.test(line.text) && !TOC_LINE.test(line.text))
  const largest = Math.max(0, ...titled.map(size))
  if (titled.length === 0 || largest < body.size * 1.12) return null
  const start = lines.findIndex((line) => titled.includes(line) && size(line) === largest)
  const run: string[] = []
  for (const line of lines.slice(start, start + COVER_LINES)) {
    if (size(line) !== largest || !titled.includes(line)) break
    run.push(line.text.replaceAll(' | ', ' '))
  }
  return run.join(' ')
}
