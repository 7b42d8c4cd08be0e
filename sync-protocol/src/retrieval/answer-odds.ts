/**
 * Whether the knowledge base answers a question at all, from what the re-ranking saw (gate.ts).
 * How much of the question the best passage holds decides most of it, but not alone: the same
 * share means more in a small knowledge base, where few passages could hold any of it by chance,
 * than among thousands; more when the question's words no passage holds are few (a model or a
 * program the manuals never name is what the question is about); more when the passage's manual
 * holds the rest of the question elsewhere, names the question's words in its title or sections,
 * or when other manuals hold much of it too (the question is about what the manuals cover); and a
 * long question's words are seldom all in one passage.
 *
 * The weights are a logistic regression (`api/bench/fit-answer-odds.ts`) over the retrieval
 * evaluation's questions, answerable and not, asked of the whole corpus and of each set's own
 * small tenant; fitted with every set but one and tried on the one left out, they held for each.
 */
export interface Evidence {
  /** IDF-weighted share of the question in the best passage (its relevance, gate.ts). */
  coverage: number
  /** Share of the question the best passage's manual holds over all its passages in the pool. */
  documentCoverage: number
  /** Share of the question's weight in words no passage holds. */
  unknownShare: number
  /** Share of the question the best passage's title, section and file name hold. */
  headingShare: number
  /** Relevance of the best passage of any other manual. */
  otherCoverage: number
  /** How many terms the question has. */
  terms: number
  /** Whether the question asks for something (asked.ts: "what gear oil", "how do I pair"). */
  asks: boolean
  /** Passages of the expert. */
  passages: number
}

/** The inputs of the odds, each on the scale its weight was fitted on. */
export function oddsInputs(e: Evidence) {
  return {
    coverage: e.coverage,
    documentCoverage: e.documentCoverage,
    unknownShare: e.unknownShare,
    headingShare: e.headingShare,
    otherCoverage: e.otherCoverage,
    termsPerTen: e.terms / 10,
    asks: e.asks ? 1 : 0,
    lnPassagesPerTen: Math.log(Math.min(FITTED_PASSAGES.max, e.passages)) / 10,
  }
}

const WEIGHTS: Record<keyof ReturnType<typeof oddsInputs>, number> = {
  coverage: 8.02,
  documentCoverage: 2.34,
  unknownShare: -7.32,
  headingShare: 3.22,
  otherCoverage: 3.3,
  termsPerTen: 3.32,
  asks: -1.26,
  lnPassagesPerTen: -4.96,
}
/**
 * The fitted intercept (-4.44) moved by the cut-off (-0.85) at which, with each set left out of the
 * fit in turn, false "nothing relevant" and unanswered questions were in balance.
 */
const INTERCEPT = -3.59
/** The sizes of knowledge base the weights were fitted over: above them, the largest is assumed. */
const FITTED_PASSAGES = { min: 194, max: 8104 }
/**
 * Below the sizes fitted over (an expert holding a starter pack alone, a test's handful of
 * passages), nothing says how the weights extrapolate: the best passage must hold this share of
 * the question.
 */
export const RELEVANT_MIN = 0.4

/** Whether the knowledge base answers the question, or has "nothing relevant". */
export function answers(e: Evidence): boolean {
  return e.passages < FITTED_PASSAGES.min ? Math.round(e.coverage * 100) / 100 >= RELEVANT_MIN : answerOdds(e) >= 0
}

/** Log-odds that the knowledge base answers the question: it does when they are 0 or more. */
export function answerOdds(e: Evidence): number {
  const inputs = oddsInputs(e)
  return Object.entries(WEIGHTS).reduce(
    (odds, [name, weight]) => odds + weight * inputs[name as keyof typeof inputs],
    INTERCEPT,
  )
}
