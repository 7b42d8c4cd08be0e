import { splitSentences } from '@mw/sync-protocol/retrieval'
import type { NewPassage } from '../db/queries/knowledge.ts'
import type { Paragraph } from './parsing/outline.ts'

/** Passages of about this many words keep one idea each and fit several into a prompt. */
const TARGET_WORDS = 120
const MAX_WORDS = 200
/** A lead-in longer than this is a paragraph of its own, not a line introducing the next. */
const MAX_LEAD_WORDS = 40
/**
 * Characters of a passage at most, whatever its words: text without spaces (a long hash, a
 * base64 blob, a file of dots) counts few words however long it is, and one passage of megabytes
 * would be read whole at every question it comes up for.
 */
const MAX_CHARS = 8000

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

function addPart(passage: { parts: string[]; words: number; chars: number }, part: string) {
  passage.parts.push(part)
  passage.words += wordCount(part)
  passage.chars += part.length
}

/** A piece over MAX_CHARS in pieces of at most that, cut at a space in its second half when there is one. */
function cutLong(text: string): string[] {
  const pieces: string[] = []
  let rest = text
  while (rest.length > MAX_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_CHARS)
    const end = space > MAX_CHARS / 2 ? space : MAX_CHARS
    pieces.push(rest.slice(0, end).trim())
    rest = rest.slice(end)
  }
  if (rest.trim()) pieces.push(rest.trim())
  return pieces
}

/**
 * Groups consecutive paragraphs of one section and page into passages of roughly TARGET_WORDS,
 * splitting an over-long paragraph at sentence ends (code and table rows at line ends); a passage
 * that starts inside a table begins with the table's header row, and a line that leads on to a
 * block (ending in ':') stays with it.
 */
export function chunkParagraphs(paragraphs: Paragraph[]): NewPassage[] {
  const passages: NewPassage[] = []
  let current: { section: string | null; page: number | null; parts: string[]; words: number; chars: number } | null =
    null
  const flush = () => {
    if (current && current.parts.length > 0) {
      passages.push({
        ordinal: passages.length,
        section: current.section,
        page: current.page,
        text: current.parts.join('\n\n'),
      })
    }
    current = null
  }
  for (const paragraph of paragraphs) {
    const pieces = paragraph.verbatim ? splitLines(paragraph.text) : splitLong(paragraph.text)
    for (const piece of pieces.flatMap(cutLong)) {
      const words = wordCount(piece)
      const sameSpot = current && current.section === paragraph.section && current.page === paragraph.page
      // A line ending in ':' ("To clear the alarm, send:") leads on to what follows: it is not
      // left at the end of one passage with what it introduces at the start of the next.
      const lead = sameSpot ? current?.parts.at(-1) : undefined
      const leadsOn = lead !== undefined && /:\s*$/.test(lead) && wordCount(lead) <= MAX_LEAD_WORDS
      // A short passage (an intro line before a list) takes the next paragraph up to MAX_WORDS.
      const full =
        current &&
        (current.words + words > MAX_WORDS ||
          current.chars + piece.length > MAX_CHARS ||
          (!leadsOn && current.words >= TARGET_WORDS / 2 && current.words + words > TARGET_WORDS))
      if (!current || !sameSpot || full) {
        const carried = leadsOn && current && current.parts.length > 1 ? current.parts.pop() : undefined
        flush()
        current = { section: paragraph.section, page: paragraph.page, parts: [], words: 0, chars: 0 }
        // A passage that starts inside a table says what its columns are.
        if (paragraph.header) addPart(current, paragraph.header)
        if (carried) addPart(current, carried)
      }
      addPart(current, piece)
    }
  }
  flush()
  return passages
}

function splitLong(text: string): string[] {
  if (wordCount(text) <= MAX_WORDS) return [text]
  const sentences = text.split(/(?<=\n)/).flatMap(splitSentences)
  const pieces: string[] = []
  let piece = ''
  for (const sentence of sentences) {
    if (piece && wordCount(piece) + wordCount(sentence) > TARGET_WORDS) {
      pieces.push(piece.trim())
      piece = ''
    }
    piece += sentence
  }
  if (piece.trim()) pieces.push(piece.trim())
  return pieces
}

function splitLines(text: string): string[] {
  if (wordCount(text) <= MAX_WORDS) return [text]
  const pieces: string[] = []
  let piece: string[] = []
  for (const line of text.split('\n')) {
    if (piece.length > 0 && wordCount(piece.join('\n')) + wordCount(line) > TARGET_WORDS) {
      pieces.push(piece.join('\n'))
      piece = []
    }
    piece.push(line)
  }
  if (piece.length > 0) pieces.push(piece.join('\n'))
  return pieces
}
