/**
 * Footnote marks glued to the word they follow ("TeX Live3", "supported.²", "CIDs²"): a search for
 * "live" or "cids" would miss the word, read as "live3" or "cids2" (NFKC reads ² as 2). A mark is
 * set apart by a space, so the word is a word again and the mark still says where its note is.
 * A word of one or two letters keeps its raised digit: that is a unit's power (m², cm³), not a note.
 */

/** A mark in smaller type than its line's (times its size), its baseline raised at least this much. */
const MARK_SIZE = 0.85
const MARK_RISE = 0.2
/** What a footnote mark is: digits ("3", "1,2") or a reference symbol. */
const MARK = /^(?:\d{1,3}(?:,\d{1,3})*|[*†‡§¶]{1,3})$/
/** What a mark follows: a word of three letters or more, or the punctuation that ends one. */
const NOTED = /(?:\p{L}{3,}|[.,;:!?)’”'"])$/u

/**
 * Whether a piece of text in type `size` at baseline `y` is a footnote mark raised above its line's
 * text (`line`, in type `line.size` at baseline `line.y`), straight after a word.
 */
export function raisedMark(line: { text: string; y: number; size: number }, str: string, y: number, size: number) {
  return (
    size < line.size * MARK_SIZE && y - line.y > line.size * MARK_RISE && MARK.test(str.trim()) && NOTED.test(line.text)
  )
}

const SUPERSCRIPT = '[¹²³⁰⁴-⁹]+'
/** A superscript digit straight after a word or its punctuation, as fonts with those glyphs set a note's mark. */
const AFTER_WORD = new RegExp(`(?<=\\p{L}{3}|[.,;:!?)’”'"])(${SUPERSCRIPT})`, 'gu')
/** The mark that starts a footnote's own text ("¹See the manual"), glued to its first word. */
const BEFORE_WORD = new RegExp(`(?<=^|\\s)(${SUPERSCRIPT})(?=\\p{L})`, 'gu')

/** A line's text with the superscript footnote marks glued to its words set apart. */
export function separateMarks(text: string): string {
  if (!/[¹²³⁰⁴-⁹]/.test(text)) return text
  return text.replace(AFTER_WORD, ' $1').replace(BEFORE_WORD, '$1 ')
}
