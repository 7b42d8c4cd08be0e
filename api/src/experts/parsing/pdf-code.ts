/**
 * Code in a PDF: lines set in a font of one width (pdfjs names its family "monospace", from the
 * font's FixedPitch flag or its widths) are commands or statements, not prose wrapped at the
 * margin. Joined as prose is, a program's lines run together ("sudo apt-get update sudo apt-get
 * install"), as a word processor sets them with no space between.
 */

/** pdfjs's styles by font name, as its text content gives them. */
export type FontStyles = Record<string, { fontFamily?: string } | undefined>

/** A line this much (its characters' share) in a font of one width is code, though a word of it is not. */
const MONO_SHARE = 0.8

export const monospaced = (styles: FontStyles, font: string) => styles[font]?.fontFamily === 'monospace'

export const codeLine = (chars: number, monoChars: number) => chars > 0 && monoChars >= chars * MONO_SHARE

/** Whether code keeps its lines: not in a document set wholly in type of one width (a typed page, whose prose wraps). */
export const codeKeepsLines = (lines: { mono?: boolean }[]) =>
  lines.filter((line) => line.mono).length * 2 < lines.length

type Line = { text: string; mono?: boolean }

/** Words of a line at least, for it to be prose typed in a font of one width (a README's text set in a manual). */
const PROSE_WORDS = 8
/** A word of prose: letters, maybe a hyphen or an apostrophe inside, maybe quoted, bracketed or punctuated. */
const WORD = /^[("'“‘]?\p{L}+(?:[-'’]\p{L}+)*[)"'”’]?[.,;:!?]?[)"'”’]?$/u
/** A line this long (times its run's longest), at least, fills the measure: its words went on in the next. */
const FILLS = 0.85

/** A long line of words, nearly all plain ones, not one that ends a C comment or goes on as a command does (a backslash). */
function proseLine(text: string): boolean {
  if (/(?:\*\/|\\)$/.test(text)) return false
  const words = text.split(/\s+/)
  return words.length >= PROSE_WORDS && words.filter((word) => WORD.test(word)).length >= words.length * 0.75
}

/**
 * Lines of prose typed in a font of one width that wrap into the next line, as prose does: a
 * line of words that fills the measure of its run of such lines (a typed text's lines are as long
 * as its width lets them be, code's are as long as their statements), before a line going on in
 * a word, not one starting with a label ("avrdude: writing flash", a log's next message).
 */
export function typedProse(lines: Line[]): Set<Line> {
  const found = new Set<Line>()
  let start = 0
  for (let end = 0; end <= lines.length; end++) {
    if (lines[end]?.mono) continue
    const run = lines.slice(start, end)
    start = end + 1
    const measure = Math.max(0, ...run.map((line) => line.text.length))
    run.forEach((line, i) => {
      const next = run[i + 1]?.text ?? ''
      const goesOn = /^[("'“‘]?\p{L}/u.test(next) && !/^\S+:(?:\s|$)/.test(next)
      if (goesOn && line.text.length >= measure * FILLS && proseLine(line.text)) found.add(line)
    })
  }
  return found
}

/**
 * Whether a line (after `before`, the line above it) starts a line of its own rather than going on
 * from the text before (`previous`): a code line does, and so does what follows one (a term's
 * definition under it). A line a typesetter broke at a hyphen in a word ("-F inter-",
 * "esting_places.gpx") is one line still, and so is the line after typed prose that wraps (`wraps`).
 */
export function ownLine(previous: string, line: Line, before: Line | undefined, wraps: boolean): boolean {
  return (line.mono === true || before?.mono === true) && !/\p{L}-$/u.test(previous) && !wraps
}
