/**
 * A PDF's page furniture: running heads, footers and page numbers, which say nothing a passage
 * should carry. Three kinds: lines that open or close most pages with the same words; lines at a
 * page's edge set apart with the page's own printed number (a book's "Chapter 4: Letters | 160",
 * whose words change from chapter to chapter); and first lines set where most pages' are that name
 * outline entries (a chapter's title over its pages). And contents pages, which point at the text.
 */
import type { PdfLine } from './pdf.ts'
import { TOC_LINE } from './pdf-headings.ts'
import { joinWrapped, type Words } from './pdf-hyphens.ts'

/**
 * A line's words to compare with another's or an outline entry's: case, numbers and spacing aside,
 * and typographic quotes, ellipses and dashes as plain ones (TeX sets "it’s" and ". . ." where the
 * bookmarks say "it's" and "…"; the text's minus signs are read as hyphens, a bookmark's may not be).
 */
export const shape = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‘’‛′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[\u2010\u2011\u2212]/g, '-')
    .replace(/…|\.\s?\.\s?\./g, '...')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim()

/** How many lines at the top and at the bottom of a page can be furniture. */
const EDGE = 3
const edges = (lines: PdfLine[]) => [...lines.slice(0, EDGE), ...lines.slice(Math.max(EDGE, lines.length - EDGE))]

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
      for (const edge of new Set(edges(lines).map((line) => shape(line.text)))) {
        counts.set(edge, (counts.get(edge) ?? 0) + 1)
      }
    }
    const needed = Math.max(3, Math.ceil(sides.length * 0.5))
    for (const [text, n] of counts) if (pages.length >= 3 && n >= needed) running.add(text)
  }
  if (pages.length >= 3 && pages.length < SHORT) for (const text of shortRunning(pages)) running.add(text)
  return running
}

/** Below this many pages, too few of each parity are left to tell a running head by. */
const SHORT = 6

/**
 * In a short document (a data sheet, a quick-start guide), lines that open or close three pages
 * or more with the same words, whatever their parity: "Installation Guide, Rev. C" and "Page 2 of
 * 4". Only a page's first two and last two lines, where a label ("Note") is seldom three times;
 * a table row only when it opens or closes every page: a table going on over a page break repeats
 * its header there, but not on the page it starts on.
 */
function shortRunning(pages: PdfLine[][]): string[] {
  const counts = new Map<string, number>()
  for (const lines of pages) {
    const outer = [...lines.slice(0, 2), ...lines.slice(Math.max(2, lines.length - 2))]
    for (const edge of new Set(outer.filter((line) => !line.text.includes(' | ')).map((line) => shape(line.text)))) {
      counts.set(edge, (counts.get(edge) ?? 0) + 1)
    }
  }
  const found = [...counts].filter(([, n]) => n >= 3).map(([text]) => text)
  // A head set in cells (a man page's "LS(1) | User Commands | LS(1)") is one when it opens or closes every page.
  for (const end of [0, -1]) {
    const rows = new Set(
      pages.map((lines) => (lines.at(end)?.text.includes(' | ') ? shape(lines.at(end)?.text ?? '') : '')),
    )
    const [row] = rows
    if (rows.size === 1 && row) found.push(row)
  }
  return found
}

/**
 * The number a line is, or sets apart as a cell of its own at its start or end, or writes against
 * a word with no space between (ConTeXt's "97Font structure"): its folio, if any.
 */
function folio(line: PdfLine): number | null {
  if (line.text.length > 160) return null
  const cells = line.text.split(' | ')
  const end = [cells[0], cells.at(-1)].find((cell) => /^\d{1,4}$/.test(cell ?? ''))
  if (end !== undefined) return Number(end)
  const glued = /^(\d{1,4})\p{L}{3}|\p{L}{3}(\d{1,4})$/u.exec(line.text)
  return glued ? Number(glued[1] ?? glued[2]) : null
}

/**
 * Edge lines that are or carry the page's printed number set apart (a chapter's first page often has
 * the number alone where the others have a head with it): the printed number runs a fixed
 * distance from the page's place in the file (front matter aside), and that distance, seen on a
 * third of the pages or more, tells a folio from a table's number that happens to be there.
 */
export function folioLines(pages: PdfLine[][]): Set<PdfLine> {
  const offsets = new Map<number, number>()
  pages.forEach((lines, i) => {
    const seen = new Set(
      edges(lines)
        .flatMap((line) => folio(line) ?? [])
        .map((n) => n - i),
    )
    for (const offset of seen) offsets.set(offset, (offsets.get(offset) ?? 0) + 1)
  })
  const [offset, count] = [...offsets].sort((a, b) => b[1] - a[1])[0] ?? [0, 0]
  const found = new Set<PdfLine>()
  if (count < Math.max(3, pages.length / 3)) return found
  pages.forEach((lines, i) => {
    for (const line of edges(lines)) if (folio(line) === i + offset) found.add(line)
  })
  return found
}

/** A title without the number or the word and number it starts with ("chapter #.", "#.#.", "appendix a."), shaped. */
const bareTitle = (shaped: string) => shaped.replace(/^(?:\p{L}+\s+)?(?:#(?:\.#)*\.?|\p{L}(?:\.#)+\.?|\p{L}\.)\s+/u, '')

/**
 * Heads whose words change with the chapter or section, so that none opens half the pages (FOP's
 * "Usage" over a chapter of five pages, LyX's "3.15. MEMORY MODELS | CHAPTER 3. USING SDCC"): a
 * page's first line, set where most pages' first lines are and no larger than the body, whose
 * pieces each name an outline entry or are a page number, or which reads the same on three of
 * those pages (a head too long for its line with the next). It takes most of the lines set there being such heads: where the text itself
 * starts at that height, a page opening under a section's heading is no head.
 */
export function headLines(pages: PdfLine[][], outline: Map<string, number>, bodySize: number): Set<PdfLine> {
  const found = new Set<PdfLine>()
  const heights = new Map<number, number>()
  for (const [first] of pages) if (first) heights.set(Math.round(first.y), (heights.get(Math.round(first.y)) ?? 0) + 1)
  const [height, count] = [...heights].sort((a, b) => b[1] - a[1])[0] ?? [0, 0]
  if (count < Math.max(3, pages.length / 2)) return found
  const titles = new Set([...outline.keys()].map(bareTitle))
  const firsts = pages.flatMap(([first]) =>
    first && Math.abs(first.y - height) <= 1 && first.size <= bodySize * 1.05 ? [first] : [],
  )
  const seen = new Map<string, number>()
  for (const line of firsts) seen.set(shape(line.text), (seen.get(shape(line.text)) ?? 0) + 1)
  const named = (text: string) =>
    text.split(' | ').every((cell) => /^(?:\d{1,4}|[ivxl]{1,6})$/i.test(cell) || titles.has(bareTitle(shape(cell))))
  const heads = firsts.filter((line) => named(line.text) || (seen.get(shape(line.text)) ?? 0) >= 3)
  if (heads.length < count / 2) return found
  for (const line of heads) found.add(line)
  // Its two lines sit either side of the height the heads sit at, in one type at a line's spacing.
  for (const [first, next] of pages) {
    if (!first || !next || found.has(first) || first.size > bodySize * 1.05) continue
    const same = next.font === first.font && Math.abs(next.size - first.size) <= 0.25
    const across = first.y + 1 >= height && next.y - 1 <= height && first.y - next.y <= first.size * 1.6
    if (same && across && named(`${first.text} ${next.text}`)) found.add(first).add(next)
  }
  return found
}

/** Every line of the pages that is furniture, the document's `outline` and body size telling heads by their titles. */
export function pageFurniture(pages: PdfLine[][], outline = new Map<string, number>(), bodySize = 0): Set<PdfLine> {
  const running = runningLines(pages)
  const found = folioLines(pages)
  for (const line of headLines(pages, outline, bodySize)) found.add(line)
  for (const line of pages.flat()) if (running.has(shape(line.text))) found.add(line)
  // Front matter is numbered in small Roman numerals ("ii" on the back of a title or over a
  // revision history) before the Arabic folios ("1", "1 / 16") start.
  const arabic = pages.findIndex((lines) => lines.some((line) => found.has(line) && /\d/.test(line.text)))
  for (const lines of pages.slice(0, Math.max(0, arabic))) {
    for (const line of edges(lines)) if (/^[ivxl]{1,6}$/.test(line.text)) found.add(line)
  }
  return found
}

/** A line without the section number it starts with ("3.2.", "4 |", an appendix's "A.1"). */
export const withoutNumber = (text: string) => text.replace(/^(?:\d+|\p{Lu}(?=\.\d))(\.\d+)*\.?(\s*\|)?\s*/u, '')

/**
 * The forms of a heading's text its outline entry may take: as set, without its number, or
 * without the word naming its kind ("Appendix A Platforms" for the entry "A Platforms"); with its
 * pieces set far apart joined by a space.
 */
export const headingForms = (text: string) =>
  [text, text.replaceAll(' | ', ' ')].flatMap((form) => [
    form,
    withoutNumber(form),
    form.replace(/^\p{Lu}\p{Ll}+\s+(?=(?:\d+|\p{Lu}|[IVXL]+)(?:\s|\.|:))/u, ''),
  ])

const withoutPage = (text: string) => text.replace(/(\s*\|)?\s*\d+$/, '')

/**
 * A contents entry on a page that goes on with the text (an article's contents under its title):
 * an outline entry with its page number set apart ("1 Introduction | 1").
 */
export const pagedEntry = (text: string, outline: Map<string, number>) =>
  /\s\|\s*\d+$/.test(text) && headingForms(withoutPage(text)).some((form) => outline.has(shape(form)))

/**
 * A table of contents: lines with leaders; or, without leaders, mostly the outline's entries, with
 * or without their numbers ("1 | Preamble | 17" for "1 Preamble"). Numbers alone (a table of
 * readings) never make one: it takes five of the entries. An entry going on over two lines is joined
 * as a paragraph's lines are, by the document's `words` (./pdf-hyphens.ts).
 */
export function isContentsPage(lines: PdfLine[], outline: Map<string, number>, words: Words): boolean {
  const leaders = lines.filter((line) => TOC_LINE.test(line.text)).length
  if (leaders >= 3 && leaders >= lines.length * 0.4) return true
  const isEntry = (text: string) =>
    [text, withoutPage(text)].flatMap(headingForms).some((form) => outline.has(shape(form)))
  const entries = new Set<PdfLine>()
  lines.forEach((line, i) => {
    const next = lines[i + 1]
    if (isEntry(line.text)) entries.add(line)
    // An entry too long for a line goes on to the next, which ends with its page.
    else if (next && isEntry(joinWrapped(line.text, next.text, words))) entries.add(line).add(next)
  })
  const numbers = lines.filter((line) => !withoutNumber(withoutPage(line.text))).length
  return entries.size >= 5 && entries.size + numbers >= lines.length * 0.5
}

/**
 * The text a contents page goes on with after its last entry when it starts under a heading there
 * (an article's contents over its first section, as DocBook sets it): none on a page of contents alone.
 */
export function afterContents(lines: PdfLine[], outline: Map<string, number>, bodySize: number): PdfLine[] {
  const last = lines.findLastIndex((line) => TOC_LINE.test(line.text))
  const rest = lines.slice(last + 1)
  const [first] = rest
  if (last < 0 || !first || rest.length < 3) return []
  const heading = first.size >= bodySize * 1.12 || headingForms(first.text).some((form) => outline.has(shape(form)))
  return heading ? rest : []
}
