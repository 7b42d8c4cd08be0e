/**
 * Re-ranking and the relevance gate, the same on the server (over FTS5's candidates) and on the
 * device (over bm25.ts's). BM25 finds a pool; each candidate is then scored on what matters to a
 * question: how much of its rare vocabulary the passage holds (IDF-weighted, so "how", "check" or
 * "device" never decide; in a table, one row with the text around it; less when it holds none of
 * what the question asks for), whether the title, section or file name names it, and whether its
 * words sit close together. Whether the knowledge base answers at all, or has "nothing relevant",
 * answer-odds.ts says from what the pool shows.
 */
import type { Source } from '../conversations.ts'
import { documentUrl } from '../document-url.ts'
import { answers, type Evidence } from './answer-odds.ts'
import { stemPositions } from './bm25.ts'
import { fewPerDocument } from './per-document.ts'
import { namesUnits } from './subject.ts'
import type { QueryTerm } from './synonyms.ts'
import { formStems, type TermStats, termWeights, type Weighting } from './weights.ts'

export const TOP_K = 5
/** How many BM25 candidates the re-ranking sees. */
export const POOL_SIZE = 100
/** The share of the question a passage this clearly nearest by meaning counts for (dense retrieval). */
const NEAR_COVERAGE = 0.4
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

/** A passage this clearly nearest by meaning makes the question answered even when it shares few of its words. */
export const DENSE_RELEVANT_NEARNESS = 4

export interface Retrieval {
  terms: string[]
  /** Relevant passages, best first; empty when nothing relevant was found. */
  sources: Source[]
  /** IDF-weighted share of the question found in the best passage, 0 to 1 (logged for the reports). */
  bestScore: number
  /** What decided whether the knowledge base answers the question (answer-odds.ts); absent without candidates. */
  evidence?: Evidence
  /** How much each term counts (its rarity), in the order of `terms`; equal weights when absent. */
  weights?: number[]
  /**
   * Each term's spellings the search used (synonyms, joined or split, a corrected typo), in the
   * order of `terms`: the answerer looks for the same words; the shipped synonyms when absent.
   */
  forms?: string[][]
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
  // Two unknown words or more are what the question is about ("teltonika rut955 apn settings"), not an aside.
  if (weights.filter((weight, i) => weight > 0 && !known[i]).length > 1) return 0
  if (!found.some((hit, i) => hit && specific[i])) return 0
  const share = found.reduce((sum, hit, i) => sum + (hit && known[i] ? (weights[i] ?? 0) : 0), 0) / knownTotal
  return share >= KNOWN_MIN ? share - KNOWN_MARGIN : 0
}

/** Positions of a term's spellings (each a list of stems; a phrase counts at its first word). */
function positions(at: Map<string, number[]>, forms: string[][]): number[] {
  const found: number[] = []
  for (const stems of forms) {
    for (const start of at.get(stems[0] ?? '') ?? []) {
      if (stems.every((s, k) => k === 0 || at.get(s)?.includes(start + k))) found.push(start)
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

/** The question's share (by weight) a part of a passage holds. */
function share(found: boolean[], { weights, total }: Weighting): number {
  return found.reduce((sum, hit, i) => sum + (hit ? (weights[i] ?? 0) : 0), 0) / total
}

/** How well a part of a passage answers the question, from which terms it holds. */
function relevance(hits: boolean[], weighting: Weighting): number {
  const { weights, known, asked } = weighting
  if (!asked.some(Boolean) || hits.some((hit, i) => hit && asked[i])) {
    return Math.max(share(hits, weighting), knownRelevance(hits, weighting))
  }
  const knownShare =
    hits.reduce((sum, hit, i) => sum + (hit && known[i] ? (weights[i] ?? 0) : 0), 0) / (weighting.knownTotal || 1)
  return knownShare * UNASKED_SHARE
}

/** A table row: cells set apart by "|". */
const isRow = (line: string) => line.includes(' | ')

/** Which terms a part of a passage holds, in it or in the passage's heading. */
function termsIn(part: string, forms: string[][][], weighting: Weighting, inHeading: boolean[]): boolean[] {
  const at = stemPositions(part, weighting.stems)
  return forms.map((term, i) => inHeading[i] === true || positions(at, term).length > 0)
}

/**
 * Which terms each part of a passage that may answer a question on its own holds: the whole
 * passage, or in a table, each row with the text around the table. Two rows are two different
 * things: "Backlight level" in one row and "Time hour display" in the next are not a backlight
 * display, and a maker named in a manufacturer list goes with no other row of it.
 */
function foundByPart(
  text: string,
  forms: string[][][],
  weighting: Weighting,
  { inWhole, inHeading }: { inWhole: boolean[]; inHeading: boolean[] },
): boolean[][] {
  if (!isRow(text)) return [inWhole]
  const lines = text.split('\n')
  const rows = lines.filter(isRow)
  if (rows.length < 2) return [inWhole]
  // Lines joined by a line break give the same words, in the same order, as the lines one by one.
  const around = termsIn(lines.filter((line) => !isRow(line)).join('\n'), forms, weighting, inHeading)
  return rows.map((row) => termsIn(row, forms, weighting, inHeading).map((hit, i) => hit || around[i] === true))
}

/**
 * The words of a file's name ("gqrx-readme.md", "ST60_Tridata_Installation.pdf"), which count as
 * its heading's: whoever named the file said what it is about, often where the title does not.
 */
const nameWords = (fileName: string) => fileName.replace(/\.[a-z0-9]+$/i, '').replace(/[-_.]+/g, ' ')

interface Scored {
  candidate: Candidate
  coverage: number
  score: number
  /** Which terms the passage holds, in it or its heading. */
  found: boolean[]
  headingShare: number
}

function scoreCandidate(
  candidate: Candidate,
  rank: number,
  pool: number,
  forms: string[][][],
  weighting: Weighting,
  stats: TermStats,
): Scored {
  const holds = (stem: string) => stats.holders(stem).has(candidate.documentId)
  // A manual that does not name the unit the question is about answers for other equipment.
  if (!namesUnits(weighting.units, forms, holds)) {
    return { candidate, coverage: 0, score: 0, found: forms.map(() => false), headingShare: 0 }
  }
  const body = stemPositions(candidate.text, weighting.stems)
  const heading = stemPositions(
    `${candidate.title} ${candidate.section ?? ''} ${nameWords(candidate.fileName)}`,
    weighting.stems,
  )
  const bodyHits = forms.map((term) => positions(body, term))
  const inHeading = forms.map((term) => positions(heading, term).length > 0)
  const inWhole = bodyHits.map((hits, i) => inHeading[i] === true || hits.length > 0)
  const near = (candidate.nearness ?? 0) >= DENSE_RELEVANT_NEARNESS ? NEAR_COVERAGE : 0
  const parts = foundByPart(candidate.text, forms, weighting, { inWhole, inHeading })
  const coverage = Math.max(...parts.map((hits) => relevance(hits, weighting)), near)
  const headingShare = share(inHeading, weighting)
  const together = forms.length > 1 ? (closestTogether(bodyHits) - 1) / (forms.length - 1) : 1
  const bm25 = 1 - rank / Math.max(1, pool)
  return {
    candidate,
    coverage,
    score: 0.5 * coverage + 0.2 * headingShare + 0.15 * Math.max(0, together) + 0.15 * bm25,
    found: inWhole,
    headingShare,
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
  const spellings = terms.map((term) => term.forms)
  const forms = terms.map((term) => term.forms.map(formStems).filter((stems) => stems.length > 0))
  const scored = candidates.map((c, rank) => scoreCandidate(c, rank, candidates.length, forms, weighting, stats))
  const best = scored.reduce((a, b) => (b.coverage > a.coverage ? b : a))
  const bestScore = Math.round(best.coverage * 100) / 100
  const evidence = evidenceOf(best, scored, weighting, { terms: terms.length, passages: stats.passages })
  const near = candidates.some((c) => (c.nearness ?? 0) >= DENSE_RELEVANT_NEARNESS)
  if (!answers(evidence) && !near) return { terms: words, sources: [], bestScore, evidence, weights, forms: spellings }
  const floor = Math.max(SOURCE_MIN, bestScore * 0.6)
  const ranked = scored
    .filter((s) => s.coverage >= floor)
    .sort(
      (a, b) =>
        Number(preferred.has(b.candidate.documentId)) - Number(preferred.has(a.candidate.documentId)) ||
        b.score - a.score,
    )
  const sources = fewPerDocument(ranked, TOP_K).map(({ candidate: hit, coverage }) => ({
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
  return { terms: words, sources, bestScore, evidence, weights, forms: spellings }
}

/** What the pool says about whether the knowledge base answers the question (answer-odds.ts). */
function evidenceOf(
  best: Scored,
  scored: Scored[],
  weighting: Weighting,
  counts: { terms: number; passages: number },
): Evidence {
  const { documentId } = best.candidate
  const ofDocument = scored.filter((s) => s.candidate.documentId === documentId)
  const inDocument = best.found.map((_, i) => ofDocument.some((s) => s.found[i]))
  const others = scored.filter((s) => s.candidate.documentId !== documentId).map((s) => s.coverage)
  const unknown = weighting.known.map((known) => !known)
  return {
    coverage: best.coverage,
    documentCoverage: share(inDocument, weighting),
    unknownShare: share(unknown, weighting),
    headingShare: best.headingShare,
    otherCoverage: Math.max(0, ...others),
    terms: counts.terms,
    asks: weighting.asked.some(Boolean),
    passages: counts.passages,
  }
}
