/**
 * Accents drawn as glyphs of their own, as TeX through dvips sets them ("f¨ur", "d´ej`a" in
 * Distiller's text layer): a spacing accent before a letter is put back on it ("für"), so the word
 * is one word again; a cedilla, which producers draw before or after its letter, on the c, s or t
 * beside it ("Franc¸ais", "Funda¸cão"). Circumflex and tilde are left out: their ASCII forms (^, ~)
 * are code as often as accents; so is a grave (`) but inside a word, before a vowel ("Val`ere"):
 * code's backquotes stand before and after words, not between their letters.
 */
const BEFORE: Record<string, string> = {
  '\u00a8': '\u0308',
  '\u00b4': '\u0301',
  '\u02c6': '\u0302',
  '\u02dc': '\u0303',
  '\u02c7': '\u030c',
  '\u02d8': '\u0306',
  '\u02d9': '\u0307',
  '\u02da': '\u030a',
  '\u02dd': '\u030b',
  '\u00af': '\u0304',
}
const ACCENT_THEN_LETTER = /([\u00a8\u00b4\u02c6\u02dc\u02c7\u02d8\u02d9\u02da\u02dd\u00af])(\p{L})/gu
const CEDILLA = /(\p{L}?)\u00b8(\p{L}?)/gu
/** A grave between a word's letters, the only backquote in the word (in "`date`a" the second closes a quote). */
const GRAVE_IN_WORD = /(?<=(?:^|\s)[^\s`]*\p{L})`([aeiouAEIOU])(?=[^\s`]*(?:\s|$))/gu
const TAKES_CEDILLA = /^[cst]$/i

export function composeAccents(text: string): string {
  if (!/[\u00a8\u00af\u00b4\u00b8\u02c6-\u02dd`]/.test(text)) return text
  return text
    .replace(GRAVE_IN_WORD, '$1\u0300')
    .replace(ACCENT_THEN_LETTER, (_, accent: string, letter: string) => letter + (BEFORE[accent] ?? ''))
    .replace(CEDILLA, (whole, before: string, after: string) => {
      if (TAKES_CEDILLA.test(after)) return `${before}${after}\u0327`
      return TAKES_CEDILLA.test(before) ? `${before}\u0327${after}` : whole
    })
    .normalize('NFC')
}
