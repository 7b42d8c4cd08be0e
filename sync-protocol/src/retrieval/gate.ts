/**
 * Re-ranking and the relevance gate, the same on the server (over FTS5's candidates) and on the
 * device (over bm25.ts's). BM25 finds a pool; each candidate is then scored on what matters to a
 * question: how much of its rare vocabulary the passage holds (IDF-weighted, so "how", "check" or
 * "device" never decide; in a table, one row with the text around it; less when it holds none of
 * what the question asks for), whether the title or section names it, and whether its words sit
 * close together. A question whose best passage holds too little of it gets "nothing relevant".
 */
import type { Source } from '../conversations.ts'
import { documentUrl } from '../document-url.ts'
import { tokens, tokensStarting } from './bm25.ts'
import type { QueryTerm } from './synonyms.ts'

export const TOP_K = 5
/** How many BM25 candidates the re-ranking sees. */
export const POOL_SIZE = 100
/** Below this IDF-weighted share of the question in the best passage, the knowledge base "has nothing relevant". */
export const RELEVANT_MIN = 0.4
/** A passage holding less than this share of the question is not shown as a source. */
const SOURCE_MIN = 0.25
const PROXIMITY_WINDOW = 12
/**
 * A passage (or table row) holding none of the words a question asks for (asked.ts: "what gear
 * oil", "how do I pair") counts for this share of the question's known words it holds: naming the
 * subject alone (a maker in a manufacturer list) is a weak answer. Words no passage holds (a name
 * in an aside) are left out of that share: they say nothing about whether it answers.
 */
const UNASKED_SHARE = 0.65

/** A passage BM25 found (on the server through FTS5, on the device through bm25.ts). */
export interface Candidate {
  id: string
  documentId: string
  fileName: string
  ordinal: number
  title: string
  section: string | null
  page: number | null
  text: string
  /**
   * With dense retrieval: how far this passage stands out as the nearest by meaning, in standard
   * deviations above the expert's average similarity to the question.
   */
  nearness?: number
}

/** A passage this clearly nearest by meaning is relevant even when it shares few of the question's words. */
export const DENSE_RELEVANT_NEARNESS = 4

/** How common each stem is among the expert's passages. */
export interface TermStats {
  passages: number
  documentFrequency: (stem: string) => number
}

export interface Retrieval {
  terms: string[]
  /** Relevant passages, best first; empty when nothing relevant was found. */
  sources: Source[]
  /** IDF-weighted share of the question found in the best passage, 0 to 1 (logged for the reports). */
  bestScore: number
  /** How much each term counts (its rarity), in the order of `terms`; equal weights when absent. */
  weights?: number[]
}

const formStems = (form: string) => tokens(form)
const isIdentifier = (word: string) => /\d/.test(word) || word.length >= 14

/**
 * Weight of a term: the IDF of its commonest spelling. A word no passage holds (a model the
 * manuals do not cover, or an unusual turn of phrase) weighs at least half as much as a word
 * only one passage holds, so common words alone never make a question look answered.
 * An unknown identifier (letters with digits, or one very long token) weighs nothing.
 */
interface Weighting {
  weights: number[]
  /** Terms some passage holds. */
  known: boolean[]
  /** Known terms held by few passages (a tenth or less): the ones that say what a question is about. */
  specific: boolean[]
  /** Every stem of every spelling of the terms. */
  stems: ReadonlySet<string>
  /** Their first letters: a passage's other words need no stemming. */
  firstLetters: ReadonlySet<string>
  /** Terms the question asks for (asked.ts) that some passage holds. */
  asked: boolean[]
  /** The summed weight of the known terms. */
  knownTotal: number
}

function termWeights(terms: QueryTerm[], stats: TermStats): Weighting {
  const n = Math.max(1, stats.passages)
  const idf = (df: number) => Math.log(1 + (n - Math.min(df, n) + 0.5) / (Math.min(df, n) + 0.5))
  const raw = terms.map((term) => {
    const dfs = term.forms.map((form) => Math.min(...formStems(form).map((s) => stats.documentFrequency(s))))
    const df = Math.max(0, ...dfs)
    return df > 0 ? idf(df) : null
  })
  const known = raw.filter((w): w is number => w !== null)
  const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1
  const unknown = Math.max(average, idf(1) / 2)
  const specificFloor = idf(Math.max(1, n * 0.1))
  const stems = new Set(terms.flatMap((term) => term.forms.flatMap(formStems)))
  return {
    // An unknown code or serial (a vessel's job number, "SN 4471A") says nothing about the topic.
    weights: raw.map((w, i) => w ?? (known.length > 0 && isIdentifier(terms[i]?.word ?? '') ? 0 : unknown)),
    knownTotal: known.reduce((a, b) => a + b, 0),
    known: raw.map((w) => w !== null),
    specific: raw.map((w) => w !== null && w >= specificFloor),
    stems,
    firstLetters: new Set([...stems].map((stem) => stem[0] ?? '')),
    asked: terms.map((term, i) => term.asked === true && raw[i] !== null),
  }
}

/**
 * A question may carry an unknown word that does not matter ("on my phone", a vessel's name):
 * a passage holding nearly all of its known words, a specific one among them, still counts as
 * relevant, a little less than the same passage for the question without that word.
 */
const KNOWN_MIN = 0.75
const KNOWN_MARGIN = 0.35
function knownRelevance(found: boolean[], { weights, known, specific, knownTotal }: Weighting): number {
  if (known.filter(Boolean).length < 2 || knownTotal === 0) return 0
  if (!found.some((hit, i) => hit && specific[i])) return 0
  const share = found.reduce((sum, hit, i) => sum + (hit && known[i] ? (weights[i] ?? 0) : 0), 0) / knownTotal
  return share >= KNOWN_MIN ? share - KNOWN_MARGIN : 0
}

/** Where each of the question's stems occurs in a token list (other words are not kept). */
function positionsByStem(words: string[], wanted: ReadonlySet<string>): Map<string, number[]> {
  const at = new Map<string, number[]>()
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string
    if (!wanted.has(word)) continue
    const list = at.get(word)
    if (list) list.push(i)
    else at.set(word, [i])
  }
  return at
}

/** Positions of a term's spellings (each a list of stems; a phrase counts at its first word). */
function positions(at: Map<string, number[]>, forms: string[][]): number[] {
  const found: number[] = []
  for (const stems of forms) {
    const [first, ...rest] = stems
    for (const start of at.get(first ?? '') ?? []) {
      if (rest.every((s, k) => at.get(s)?.includes(start + k + 1))) found.push(start)
    }
  }
  return found
}

/** The most distinct terms found within any window of PROXIMITY_WINDOW words. */
function closestTogether(hits: number[][]): number {
  const all = hits.flatMap((list, term) => list.map((at) => ({ at, term }))).sort((a, b) => a.at - b.at)
  let best = 0
  for (let i = 0; i < all.length; i++) {
    const start = all[i]?.at ?? 0
    const inside = new Set<number>()
    for (let j = i; j < all.length && (all[j]?.at ?? 0) - start < PROXIMITY_WINDOW; j++) inside.add(all[j]?.term ?? 0)
    best = Math.max(best, inside.size)
  }
  return best
}

interface Line {
  words: string[]
  /** A table row: cells set apart by "|". */
  row: boolean
}

/**
 * Which terms each part of a passage that may answer a question on its own holds: the whole
 * passage, or in a table, each row with the text around the table. Two rows are two different
 * things: "Backlight level" in one row and "Time hour display" in the next are not a backlight
 * display, and a maker named in a manufacturer list goes with no other row of it.
 */
function foundByPart(lines: Line[], found: (words: string[]) => boolean[], inWhole: boolean[]): boolean[][] {
  const rows = lines.filter((line) => line.row)
  if (rows.length < 2) return [inWhole]
  const around = found(lines.filter((line) => !line.row).flatMap((line) => line.words))
  return rows.map((row) => found(row.words).map((hit, i) => hit || around[i] === true))
}

interface Scored {
  candidate: Candidate
  coverage: number
  score: number
}

function scoreCandidate(
  candidate: Candidate,
  rank: number,
  pool: number,
  forms: string[][][],
  weighting: Weighting,
): Scored {
  const { weights } = weighting
  const total = weights.reduce((a, b) => a + b, 0) || 1
  const wanted = weighting.stems
  const lines = candidate.text
    .split('\n')
    .map((line) => ({ words: tokensStarting(line, weighting.firstLetters), row: line.includes(' | ') }))
  const body = positionsByStem(
    lines.flatMap((line) => line.words),
    wanted,
  )
  const heading = positionsByStem(
    tokensStarting(`${candidate.title} ${candidate.section ?? ''}`, weighting.firstLetters),
    wanted,
  )
  const bodyHits = forms.map((term) => positions(body, term))
  const headingHits = forms.map((term) => positions(heading, term).length > 0)
  const share = (found: boolean[]) => found.reduce((sum, hit, i) => sum + (hit ? (weights[i] ?? 0) : 0), 0) / total
  const found = (words: string[]) => {
    const at = positionsByStem(words, wanted)
    return forms.map((term, i) => headingHits[i] === true || positions(at, term).length > 0)
  }
  const { asked } = weighting
  const answers = (hits: boolean[]) => !asked.some(Boolean) || hits.some((hit, i) => hit && asked[i])
  const knownShare = (hits: boolean[]) =>
    hits.reduce((sum, hit, i) => sum + (hit && weighting.known[i] ? (weights[i] ?? 0) : 0), 0) /
    (weighting.knownTotal || 1)
  const relevance = (hits: boolean[]) =>
    answers(hits) ? Math.max(share(hits), knownRelevance(hits, weighting)) : knownShare(hits) * UNASKED_SHARE
  const near = (candidate.nearness ?? 0) >= DENSE_RELEVANT_NEARNESS ? RELEVANT_MIN : 0
  const inWhole = bodyHits.map((hits, i) => headingHits[i] === true || hits.length > 0)
  const coverage = Math.max(...foundByPart(lines, found, inWhole).map(relevance), near)
  const headingShare = share(headingHits)
  const together = forms.length > 1 ? (closestTogether(bodyHits) - 1) / (forms.length - 1) : 1
  const bm25 = 1 - rank / Math.max(1, pool)
  return {
    candidate,
    coverage,
    score: 0.5 * coverage + 0.2 * headingShare + 0.15 * Math.max(0, together) + 0.15 * bm25,
  }
}

/** BM25's candidates (best first) re-ranked and gated: the sources worth citing, best first. */
export function rankCandidates(
  tenant: string,
  terms: QueryTerm[],
  candidates: Candidate[],
  stats: TermStats,
  /** Manuals of the equipment the question is about: among the relevant passages, theirs come first. */
  preferred: ReadonlySet<string> = new Set(),
): Retrieval {
  const words = terms.map((t) => t.word)
  if (terms.length === 0 || candidates.length === 0) return { terms: words, sources: [], bestScore: 0 }
  const weighting = termWeights(terms, stats)
  const { weights } = weighting
  const forms = terms.map((term) => term.forms.map(formStems).filter((stems) => stems.length > 0))
  const scored = candidates.map((c, rank) => scoreCandidate(c, rank, candidates.length, forms, weighting))
  const bestScore = Math.round(Math.max(...scored.map((s) => s.coverage)) * 100) / 100
  if (bestScore < RELEVANT_MIN) return { terms: words, sources: [], bestScore, weights }
  const floor = Math.max(SOURCE_MIN, bestScore * 0.6)
  const sources = scored
    .filter((s) => s.coverage >= floor)
    .sort(
      (a, b) =>
        Number(preferred.has(b.candidate.documentId)) - Number(preferred.has(a.candidate.documentId)) ||
        b.score - a.score,
    )
    .slice(0, TOP_K)
    .map(({ candidate: hit, coverage }) => ({
      id: hit.id,
      title: hit.title,
      section: hit.section,
      page: hit.page,
      text: hit.text,
      score: Math.round(coverage * 100) / 100,
      documentId: hit.documentId,
      fileName: hit.fileName,
      url: documentUrl(tenant, hit.documentId, hit),
    }))
  return { terms: words, sources, bestScore, weights }
}
