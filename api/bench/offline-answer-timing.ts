/**
 * The timed part of `bench:offline`, run as is in Node and, bundled, in Chromium: each question
 * answered by the shared retrieval core (BM25 pool + re-ranking + gate + built-in answer) and by a plain linear scan
 * of the same passages (term coverage of each, best five), alternately, round after round.
 */
import {
  buildIndex,
  type Candidate,
  expandTerms,
  localAnswerLines,
  rankCandidates,
  retrieveKept,
  searchTerms,
  TOP_K,
  termCoverage,
} from '@mw/sync-protocol/retrieval'

export interface OfflineTimings {
  buildMs: number
  core: number[]
  linear: number[]
}

export function timeOfflineAnswers(passages: Candidate[], questions: string[], rounds: number): OfflineTimings {
  const buildStart = performance.now()
  const index = buildIndex(passages)
  const buildMs = performance.now() - buildStart
  const core: number[] = []
  const linear: number[] = []
  for (let round = 0; round < rounds; round++) {
    for (const question of questions) {
      let t = performance.now()
      localAnswerLines('seakeeper', retrieveKept('demo', index, question), false)
      core.push(performance.now() - t)

      t = performance.now()
      const scanTerms = searchTerms(question)
      const best = passages
        .map((p) => ({ p, score: termCoverage(`${p.title}\n${p.section ?? ''}\n${p.text}`, scanTerms) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, TOP_K)
      rankCandidates(
        'demo',
        expandTerms(scanTerms),
        best.map((b) => b.p),
        { passages: passages.length, documents: 1, documentFrequency: () => 1, holders: () => new Set(['doc1']) },
      )
      linear.push(performance.now() - t)
    }
  }
  return { buildMs, core, linear }
}
