/**
 * A reference list written as plain paragraphs, each opening with the name of what it describes in
 * capitals and its arguments ("MYAUX <aux call sign1, …> Sets up to 10 auxiliary call signs …",
 * "SET <variable> <value>", "DEF_HANDLER(sig,handler) define a handler …"): a TNC's command set, a
 * program's built-in commands, a library's macros. Each entry is a section of its own under its
 * name, so a passage holds one entry and says which, instead of running on from one command into
 * the next under whatever heading came last.
 */
import { type Paragraph, SECTION_SEPARATOR } from './outline.ts'

/** A name in capitals (three or more), then its arguments: `<…>`, `[…]` or `(…)`, after a colon in some ("UDP:<host>:<port>"). */
const ENTRY = /^([A-Z][A-Z0-9_-]*[A-Z0-9])(?:\s?|:)([<[(])/
/** A longer name in capitals, then what it does ("PURGEBUFFER Clears any data …"): an entry without arguments. */
const DOES = /^([A-Z][A-Z0-9_]{4,}) [A-Z][a-z]+s\b/
/** A line of code (a function's body), not the description of an entry. */
const CODE_LINE = /[{};]\s*$/
/** A list is a reference list only where this many entries with arguments come one after the other. */
const LIST_RUN = 3

interface Opening {
  name: string
  /** `<` or `[` (a syntax), `(` (a call, or a name spelt out: "SDCC (Small Device C Compiler) is …"), or what it does. */
  kind: 'syntax' | 'call' | 'does'
}

function opening(paragraph: Paragraph): Opening | null {
  if (paragraph.verbatim || paragraph.text.split('\n').some((line) => CODE_LINE.test(line))) return null
  const entry = ENTRY.exec(paragraph.text)
  if (entry?.[1] && (entry[1].match(/[A-Z]/g)?.length ?? 0) >= 3) {
    return { name: entry[1], kind: entry[2] === '(' ? 'call' : 'syntax' }
  }
  const does = DOES.exec(paragraph.text)?.[1]
  return does ? { name: does, kind: 'does' } : null
}

/** At each paragraph, how many paragraphs that `counts` come one after the other in its run (0 outside one). */
function runs(openings: (Opening | null)[], counts: (o: Opening | null) => boolean): number[] {
  const lengths = openings.map(() => 0)
  for (let i = 0; i < openings.length; ) {
    let end = i
    while (end < openings.length && counts(openings[end] ?? null)) end++
    for (let k = i; k < end; k++) lengths[k] = end - i
    i = Math.max(end, i + 1)
  }
  return lengths
}

/** A heading that is itself a name in capitals ("DISCONNECT"): an entry set apart, a sibling of the others. */
const isNameHeading = (heading: string | undefined) => heading !== undefined && /^[A-Z][A-Z0-9_]{2,}$/.test(heading)

function entrySection(section: string | null, name: string): string {
  const path = section ? section.split(SECTION_SEPARATOR) : []
  if (isNameHeading(path.at(-1))) path.pop()
  return [...path, name].join(SECTION_SEPARATOR)
}

/** The paragraphs with each entry of a reference list, and what follows it in its section, under the entry's name. */
export function withEntries(paragraphs: Paragraph[]): Paragraph[] {
  const openings = paragraphs.map(opening)
  const withArguments = runs(openings, (o) => o !== null && o.kind !== 'does')
  if (!withArguments.some((run) => run >= LIST_RUN)) return paragraphs
  const together = runs(openings, (o) => o !== null)
  let open: { from: string | null; section: string; bare: boolean } | null = null
  return paragraphs.map((paragraph, i) => {
    const entry = openings[i]
    // A call alone is as likely a name spelt out at the start of a sentence.
    if (entry && (entry.kind !== 'call' || (together[i] ?? 0) >= 2)) {
      const bare = !/\p{Ll}{2,}/u.test(paragraph.text.replace(/<[^>]*>|\[[^\]]*\]|\([^)]*\)/g, ''))
      open = { from: paragraph.section, section: entrySection(paragraph.section, entry.name), bare }
      return { ...paragraph, section: open.section }
    }
    // An entry goes on in a sentence carried over a page, or in the description under a name that has none.
    const goesOn = open?.from === paragraph.section && (open.bare || /^\p{Ll}/u.test(paragraph.text))
    const section = goesOn && open ? open.section : paragraph.section
    if (open) open = { ...open, bare: false }
    if (!goesOn) open = null
    return section === paragraph.section ? paragraph : { ...paragraph, section }
  })
}
