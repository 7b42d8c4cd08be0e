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

/**
 * Whether a line starts a line of its own rather than going on from the one before: a code line
 * does, and so does what follows one (a term's definition under it); a line a typesetter broke at
 * a hyphen in a word ("-F inter-", "esting_places.gpx") is one line still.
 */
export const ownLine = (previous: string, line: { mono?: boolean }, afterCode: boolean) =>
  (line.mono === true || afterCode) && !/\p{L}-$/u.test(previous)
