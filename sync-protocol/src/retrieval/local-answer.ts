/**
 * The embedded answerer (provider `local`): no model, no network. From the retrieved passages it
 * quotes the sentences that carry the question's words (every spelling the search used: synonyms,
 * words written together or apart, a corrected typo), read under their section heading, a list or
 * a table row whole, a line that ends in ':' with what follows it, a sentence between two quoted
 * ones of its paragraph, grouped by source and cited [n]
 * in the order of meta.contexts, naming the document, section and page; the best source always,
 * the others when they hold about as much. When nothing relevant was found, or no sentence holds
 * enough of the question, it says so plainly instead of guessing.
 */
import type { Expert } from '../common.ts'
import { EXPERT_NAMES } from '../constants.ts'
import { tokens } from './bm25.ts'
import type { Retrieval } from './gate.ts'
import { splitSentences } from './sentences.ts'
import { expandTerms } from './synonyms.ts'

/** Sentences quoted from the best source, and from each other one. */
const FROM_BEST = 6
const PER_SOURCE = 4
const TOTAL = 10
/** The passages the answerer quotes from, best first. */
export const SOURCES_USED = 3
/** A list this short is quoted whole when one of its items answers. */
const WHOLE_LIST = 8
/** Below this share of the question's words, a sentence is noise, not an answer. */
const UNIT_MIN = 0.2

export const nothingFoundText = (expert: Expert) =>
  `I could not find anything about this in the ${EXPERT_NAMES[expert]} knowledge base, so I will not guess. ` +
  'Try naming the component or the symptom differently, or ask an administrator to add the manual that covers it.'

const noDirectAnswerText = (expert: Expert) =>
  `The ${EXPERT_NAMES[expert]} knowledge base mentions these words, but no passage answers the question directly, so I will not quote it. ` +
  'The closest pages are in the sources below; try naming the component or the symptom differently.'

interface Unit {
  text: string
  /** The list or table the unit belongs to (its lines), when it is one line of several. */
  block: string[] | null
  order: number
  /** For a table row, the order of its table's first row (the column names), when that is another unit. */
  header?: number
  /** The first sentence of a paragraph. */
  opens?: boolean
}

const isRow = (line: string) => /\s\|\s/.test(line)

/** An option of a command's help ("  -R [#]        RS-485 mode"): its name, then two spaces or more. */
const OPTION = /^(\s*\S+(?: \S+)*?\s{2,})\S/

/**
 * Lines of a block, each option of a help text with its description's wrapped lines (indented to
 * where the description starts), so that "RS-485 mode" is quoted with "Optional parameter for the
 * GPIO RTS pin number" under it.
 */
function blockLines(block: string): string[] {
  const lines: string[] = []
  let column = -1
  for (const line of block.split('\n')) {
    const indent = line.length - line.trimStart().length
    if (line.trim() && lines.length > 0 && column > 0 && Math.abs(indent - column) <= 1) {
      lines[lines.length - 1] += ` ${line.trim()}`
      continue
    }
    column = OPTION.exec(line)?.[1]?.length ?? -1
    if (line.trim()) lines.push(line.trim())
  }
  return lines
}

/** A passage cut into sentences, and list, table or code lines kept whole. */
function units(text: string): Unit[] {
  const found: Unit[] = []
  // Rows one after the other are one table, whose first row names the columns.
  let tableStart: number | null = null
  for (const block of text.split(/\n\s*\n/)) {
    const lines = blockLines(block)
    if (lines.length > 1 || isRow(block)) {
      for (const line of lines) {
        if (!isRow(line)) tableStart = null
        else tableStart ??= found.length
        const header = isRow(line) && tableStart !== null && tableStart < found.length ? tableStart : undefined
        found.push({ text: line, block: lines.length > 1 ? lines : null, order: found.length, header })
      }
      continue
    }
    tableStart = null
    const start = found.length
    for (const sentence of splitSentences(block)) {
      if (sentence.trim())
        found.push({ text: sentence.trim(), block: null, order: found.length, opens: found.length === start })
    }
  }
  return found
}

/** The weighted share of the question's terms (any spelling) a piece of text holds. */
function coverage(text: string, forms: string[][][], weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0)
  if (forms.length === 0 || total === 0) return 0
  const joined = ` ${tokens(text).join(' ')} `
  let found = 0
  forms.forEach((term, i) => {
    if (term.some((stems) => stems.length > 0 && joined.includes(` ${stems.join(' ')} `))) found += weights[i] ?? 0
  })
  return found / total
}

type Scored = Unit & { own: number; score: number }

/** A sentence that opens by pointing at the one before it ("This", "These", "It", "They"). */
const refersBack = (unit: Unit) => !unit.block && /^(this|these|that|those|it|they|such)\b/i.test(unit.text)

/** A short paragraph of its own that is no sentence ("-T --testing", "Known limits"): what the next one describes. */
const TERM_LENGTH = 60
const isTerm = (unit: Unit, next: Unit) =>
  unit.opens === true && next.opens === true && unit.text.length <= TERM_LENGTH && !/[.!?:]$/.test(unit.text)

/** A term's description is quoted whole up to this many sentences. */
const DESCRIPTION = 3

/** The sentences of the paragraph that opens with `first`. */
function paragraph(all: Unit[], first: Unit): Unit[] {
  const end = all.findIndex((u) => u.order > first.order && (u.opens || u.block))
  return all.slice(first.order, end < 0 ? all.length : end)
}

/** The words that announce an example, whatever stop follows them ("use the special, as," "done as follows;"). */
const ANNOUNCES =
  /\b(?:as|as follows|such as|like this|like so|for example|for instance|the following|e\.g\.|i\.e\.)[.,;]?$/i

const isProse = (unit: Unit) => !unit.block && !isRow(unit.text)

/**
 * A line that ends in ':', a question the manual asks (a FAQ's "What is the fix?") or a sentence
 * that announces an example introduces what follows it.
 */
const introduces = (unit: Unit) =>
  unit.text.endsWith(':') || (isProse(unit) && (unit.text.endsWith('?') || ANNOUNCES.test(unit.text)))

/** What introduces the next unit, and a paragraph that stops mid-sentence, goes on in it. */
const leadsOn = (unit: Unit) => introduces(unit) || (isProse(unit) && /[\p{L}\d]$/u.test(unit.text))

/**
 * How much of the question a unit holds (`own`), and read under its passage's section heading
 * (`score`: a command under "Fix white screen after install" answers that); a table row holding
 * some of it is read with its column names.
 */
function scoreUnits(text: string, heading: string, forms: string[][][], weights: number[]): Scored[] {
  const all = units(text)
  return all.map((unit) => {
    const header = unit.header === undefined ? undefined : all[unit.header]
    const read = (under: string) => {
      const alone = coverage(`${under}\n${unit.text}`, forms, weights)
      return alone > 0 && header ? coverage(`${under}\n${header.text}\n${unit.text}`, forms, weights) : alone
    }
    return { ...unit, own: read(''), score: read(heading) }
  })
}

/** A sentence that goes on from the one before with what to do about it ("In that case try …", "To fix it, check:"). */
const REMEDY =
  /^(?:in (?:that|this|such a) case|if so|if (?:this|that) happens|to (?:fix|avoid|solve|prevent|correct) (?:this|it|that)|otherwise|instead)\b/i

/**
 * A line of its own that is no sentence (a command, a value, a code block) is read with the
 * sentence that comes before it, which says what it does: "Shutting down gpsd.service alone is not
 * sufficient because gpsd.socket could fire it up again." before "systemctl stop gpsd.socket
 * gpsd.service", or "Update the package manifest" before "sudo apt-get update".
 */
function introduction(all: Unit[], unit: Unit): Unit | undefined {
  const next = all[unit.order + 1]
  const first = unit.block ? all.find((u) => u.block === unit.block) : unit
  const alone = unit.block
    ? true
    : unit.opens === true && !/[.!?]$/.test(unit.text) && (!next || next.opens === true || next.block !== null)
  const before = first && alone && !isRow(unit.text) ? all[first.order - 1] : undefined
  // A sentence, not another URL or code line; before a term ("-x --exclude list"), which is
  // described by what follows it, only one that introduces it.
  const ends = next && isTerm(unit, next) ? /:$/ : /[.:]$/
  return before && isProse(before) && /\s/.test(before.text) && ends.test(before.text) ? before : undefined
}

function pick(all: Scored[], max: number): string[] {
  const ranked = all.filter((u) => u.score > 0).sort((a, b) => b.score - a.score || a.order - b.order)
  const chosen = new Set<number>()
  // What a unit only brings along (its table's column names, what it leads on to) is not counted.
  const broughtAlong = new Set<number>()
  const top = ranked[0]
  // The sentence after the best one often holds the answer to what the best one restates (the
  // row after a row, or what follows a list or code, is another thing). It takes the place of a
  // sentence of its own, so only where two fit: with one, the best is quoted.
  const afterTop = top && all[top.order + 1]
  if (top && afterTop && max > 1 && isProse(top) && isProse(afterTop)) {
    chosen.add(afterTop.order)
    // "When I start it, I get a segfault. What is the fix?" is answered by what follows, and
    // "This is done as follows;" is followed by the example.
    const next = all[afterTop.order + 1]
    if (next && (introduces(afterTop) || (REMEDY.test(afterTop.text) && leadsOn(afterTop)))) {
      chosen.add(next.order)
      broughtAlong.add(next.order)
    }
  }
  const addWhole = (unit: Unit, along: boolean) => {
    const units = unit.block && unit.block.length <= WHOLE_LIST ? all.filter((u) => u.block === unit.block) : [unit]
    for (const u of units) {
      if (along && !chosen.has(u.order)) broughtAlong.add(u.order)
      chosen.add(u.order)
    }
    // "Test mode: listen to my packets too." is about the option named above it, "-T --testing".
    const term = all[unit.order - 1]
    if (term && !chosen.has(term.order) && isTerm(term, unit)) addWhole(term, true)
  }
  for (const unit of ranked) {
    if (chosen.size - broughtAlong.size >= max) break
    broughtAlong.delete(unit.order)
    addWhole(unit, false)
    // A row is read with its table's column names.
    if (unit.header !== undefined) addWhole(all[unit.header] as Unit, true)
    // "Start the port using:" or "The configuration is located at" is answered by what follows it.
    const next = all[unit.order + 1]
    if (next && leadsOn(unit)) {
      // "{DA" or "-k --keep secs" is described by the short paragraph under it, all of it.
      const described = isTerm(unit, next) ? paragraph(all, next) : [next]
      for (const u of described.length <= DESCRIPTION ? described : [next]) addWhole(u, true)
    }
    // "systemctl stop gpsd.socket gpsd.service" is explained by the sentence before it.
    const intro = introduction(all, unit)
    if (intro) addWhole(intro, true)
    // "… release builds are over-optimized and perform poorly." goes on with its remedy.
    if (next && !chosen.has(next.order) && isProse(unit) && isProse(next) && REMEDY.test(next.text)) {
      addWhole(next, true)
      const after = all[next.order + 1]
      if (after && leadsOn(next)) addWhole(after, true)
    }
    // "This is done by …" says what it is about in the sentence before it.
    const before = all[unit.order - 1]
    if (before && refersBack(unit) && isProse(before)) addWhole(before, true)
  }
  // A sentence between two quoted ones of its paragraph goes with them: skipped, it breaks what they
  // say, and it is often the one with the value ("Default is 570" between two about IDs).
  for (const order of [...chosen]) {
    const [between, after] = [all[order + 1], all[order + 2]]
    const inParagraph = (unit: Unit | undefined): unit is Unit => unit !== undefined && !unit.opens && isProse(unit)
    if (inParagraph(between) && inParagraph(after) && chosen.has(after.order)) chosen.add(between.order)
  }
  return [...chosen].sort((a, b) => a - b).map((order) => all[order]?.text ?? '')
}

/** The answer as Markdown-style lines (the same shape a model writes). */
export function localAnswerLines(expert: Expert, retrieval: Retrieval, hasImages: boolean): string[] {
  if (retrieval.sources.length === 0) return [nothingFoundText(expert)]
  const spellings = retrieval.forms ?? expandTerms(retrieval.terms).map((term) => term.forms)
  const forms = spellings.map((term) => term.map(tokens))
  const weights = retrieval.weights ?? retrieval.terms.map(() => 1)
  const scored = retrieval.sources
    .slice(0, SOURCES_USED)
    .map((source) => scoreUnits(source.text, source.section ?? '', forms, weights))
  // How much the best sentence holds by itself: the bar the other sources' sentences are held to.
  const best = Math.max(0, ...scored.flat().map((u) => u.own))
  if (best < UNIT_MIN) return [noDirectAnswerText(expert)]
  const lines = [`Here is what the ${EXPERT_NAMES[expert]} knowledge base says:`, '']
  let total = 0
  retrieval.sources.slice(0, SOURCES_USED).forEach((source, index) => {
    const all = scored[index] ?? []
    // A later source whose best sentence holds far less of the question than the best one is noise
    // here; the first is the passage the gate judged best, and is always quoted.
    const ranked = [...all].sort((a, b) => b.score - a.score || a.order - b.order)
    const top = ranked[0]
    if (!top || (index > 0 && top.score < best / 2)) return
    const room = Math.min(index === 0 ? FROM_BEST : PER_SOURCE, TOTAL - total)
    // When the sources before have used up the room, a later one whose best sentence holds as much
    // of the question as the best of all is still quoted with that one sentence: a third passage's
    // "This driver supports the $GPRMC, $GPGLL, $GPGGA ... sentences" is not crowded out by the
    // weaker sentences quoted from the first.
    const picked = room > 0 ? pick(all, room) : top.score >= best ? [top.text] : []
    if (picked.length === 0) return
    total += picked.length
    const where = [source.section, source.page ? `page ${source.page}` : null].filter(Boolean).join(', ')
    lines.push(`**${source.title}${where ? ` (${where})` : ''}** [${index + 1}]`)
    for (const text of picked) lines.push(`- ${text}`)
    lines.push('')
  })
  if (total === 0) return [noDirectAnswerText(expert)]
  if (hasImages) lines.push('The built-in answerer does not read images; describe what the picture shows in words.', '')
  lines.push('Check these steps against the manual for the specific unit before acting on them.')
  return lines
}
