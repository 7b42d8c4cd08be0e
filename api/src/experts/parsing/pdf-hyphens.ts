/**
 * A hyphen at a line's end, decided from the document's own words. TeX and FOP break words at line
 * ends ("config-|uration"), the hyphen no part of the word; word processors, browsers and most DTP
 * programs break a line only at a compound's own hyphen ("autopilot-|provided"). Either read the
 * other way leaves a token nobody searches for ("autopilotprovided", "config-uration"), so each break
 * goes by what the same document writes whole elsewhere, the compound before the word.
 */

/**
 * The words a document uses, in lower case, a hyphenated compound whole ("black-on-white"); the two
 * pieces of a word broken at a line's end are none of them.
 */
export type Words = ReadonlySet<string>

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu
/** A line or cell ending in a letter and a hyphen: a word broken there, or a compound. */
const BROKEN = /\p{L}-$/u

/** The words of a document's (or a page's) lines, cells (`cell | cell`) read apart. */
export function documentWords(lines: readonly string[]): Set<string> {
  const words = new Set<string>()
  let broken = false
  for (const line of lines) {
    const cells = line.split(' | ').map((cell) => cell.trim())
    for (const cell of cells) {
      // After a line ending "config-", the next starting "uration" goes on with the broken word.
      let goesOn = broken && /^\p{Ll}/u.test(cell)
      for (const match of cell.matchAll(WORD)) {
        const end = match.index + match[0].length
        const piece = goesOn || (cell[end] === '-' && end + 1 === cell.length)
        goesOn = false
        if (!piece) words.add(match[0].toLowerCase())
      }
    }
    broken = cells.some((cell) => BROKEN.test(cell))
  }
  return words
}

/**
 * Two lines of one paragraph, wrapped entry, heading or cell joined. A line ending in a letter and a
 * hyphen, the next going on in lower case, is one word or compound broken there; its hyphen is kept
 * when the document writes the compound whole, dropped when it writes the word whole, and otherwise
 * as `keptUnseen` tells.
 */
export function joinWrapped(first: string, next: string, words: Words): string {
  if (!BROKEN.test(first) || !/^\p{Ll}/u.test(next)) return `${first} ${next}`
  const before = /[\p{L}\p{N}-]*(?=-$)/u.exec(first)?.[0] ?? ''
  const after = /^[\p{L}\p{N}-]*/u.exec(next)?.[0] ?? ''
  // A word broken at two line ends, as a narrow cell breaks it ("De-|scrip-|tion"), the document writing it whole.
  const whole = `${before}${after}`.replaceAll('-', '')
  if (before.includes('-') && words.has(whole.toLowerCase())) {
    return first.slice(0, -before.length - 1) + before.replaceAll('-', '') + next
  }
  return (hyphenKept(before, after, words) ? first : first.slice(0, -1)) + next
}

function hyphenKept(before: string, after: string, words: Words): boolean {
  // A compound or an option broken at one of its own hyphens ("black-|on-white", "--with-|erlang"):
  // hyphenation never breaks a word that has a hyphen of its own.
  if (before.includes('-') || after.includes('-')) return true
  const a = before.toLowerCase()
  const b = after.toLowerCase()
  if (words.has(`${a}-${b}`)) return true
  if (words.has(a + b)) return false
  return keptUnseen(a, b, words)
}

/**
 * English suffixes that are words as well: hyphenation breaks before them ("suit-|able", "flag-|ship"),
 * and no compound ends with one, so two words of the document there are no sign of a compound.
 */
const SUFFIX_WORDS = new Set(['able', 'hood', 'ship', 'ward', 'wards'])

/**
 * A break whose compound and word the document writes nowhere else. Hyphenation leaves two letters
 * or more before a break and no digit, so a piece like "n-" or "3rd-" is a compound's ("n-digit",
 * "3rd-party"). Else two pieces the document uses as words of their own, three letters or more
 * each, are a compound ("autopilot-|provided") unless the second is a suffix; a piece that is no word
 * ("config-|uration") or a short one ("re-|quires") is hyphenation's. A mixed-case word is hyphenated
 * as any other ("AT-|mega32").
 */
function keptUnseen(a: string, b: string, words: Words): boolean {
  if ([...a].length < 2 || /\p{N}/u.test(a)) return true
  return !SUFFIX_WORDS.has(b) && [a, b].every((piece) => [...piece].length >= 3 && words.has(piece))
}
