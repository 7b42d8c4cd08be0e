/**
 * How common a word is in everyday English, as a prior for a word the expert's manuals never use
 * (gate.ts `TermStats.everyday`): "nobody", "eats" or "parked" in a technician's question are
 * phrasing a manual need not share, while "teak" or "torque" name what it would have to cover.
 * The list (lexicon/everyday-english.txt, README beside it) gives each word's occurrences per
 * million words of film subtitles; a passage of about PASSAGE_WORDS words holds a word with about
 * that many millionths, summed over the words that share its stem.
 */
import fs from 'node:fs'
import path from 'node:path'
import { tokens } from '@mw/sync-protocol/retrieval'
import { API_DIR } from '../paths.ts'

const LIST = path.join(API_DIR, 'lexicon', 'everyday-english.txt')
/** About the length of a passage (chunk.ts aims at 120 words, most come out shorter). */
const PASSAGE_WORDS = 100

let shares: Map<string, number> | null = null

function load(): Map<string, number> {
  const byStem = new Map<string, number>()
  for (const line of fs.readFileSync(LIST, 'utf8').split('\n')) {
    const [word, perMillion] = line.split(' ')
    const stem = tokens(word ?? '')[0]
    if (stem && perMillion) byStem.set(stem, (byStem.get(stem) ?? 0) + Number(perMillion))
  }
  for (const [stem, perMillion] of byStem) byStem.set(stem, Math.min(1, (perMillion * PASSAGE_WORDS) / 1e6))
  return byStem
}

/** The share of everyday English passages holding a stem (0 for a word the list does not hold). */
export function everydayShare(stem: string): number {
  shares ??= load()
  return shares.get(stem) ?? 0
}
