/**
 * BM25 over the passages kept on a device, scored as SQLite FTS5 scores them on the server
 * (k1 1.2, b 0.75; Porter stems of unicode61 tokens without diacritics; title counts 2, section
 * 1.5, text 1) and searched the same way: passages holding every term first, the any-term
 * ranking filling the rest.
 */
import { stemmer } from 'stemmer'
import type { Candidate } from './gate.ts'

const K1 = 1.2
const B = 0.75
const WEIGHTS = { title: 2, section: 1.5, text: 1 } as const

export interface Bm25Index {
  passages: Candidate[]
  /** term -> [passage index, term frequency] pairs */
  postings: Map<string, [number, number][]>
  lengths: Uint32Array
  averageLength: number
}

// A manual's vocabulary is a few thousand words said many times over: stem each once.
const stems = new Map<string, string>()
const stem = (word: string) => {
  let s = stems.get(word)
  if (s === undefined) {
    s = stemmer(word)
    if (stems.size < 200_000) stems.set(word, s)
  }
  return s
}

const words = (text: string): string[] => {
  const lower = text.toLowerCase()
  // Most manuals are plain ASCII, which has no diacritics to remove: the same words, found faster.
  const found = NON_ASCII.test(lower)
    ? lower
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .match(/[\p{L}\p{N}]+/gu)
    : lower.match(/[a-z0-9]+/g)
  return found ?? []
}

/** unicode61 with remove_diacritics, then Porter: the server's FTS5 tokenizer. */
export const tokens = (text: string): string[] => words(text).map(stem)

/**
 * Stems a search looks for, and how a word must begin to stem to one of them. Porter rewrites
 * endings only: a stem of three letters or more begins with its word's first two letters, a
 * shorter one ("aed" -> "a") with its first letter (tokens.test.ts checks both).
 */
export interface SoughtStems {
  stems: ReadonlySet<string>
  /** Beginnings as strings: one letter for a short stem, two for a longer one. */
  starts: ReadonlySet<string>
  /** The same beginnings in ASCII, by character code: `c` for one letter, `c * 128 + d` for two. */
  asciiStarts: Uint8Array
}

const beginning = (stem: string) => stem.slice(0, stem.length >= 3 ? 2 : 1)

export function soughtStems(stems: ReadonlySet<string>): SoughtStems {
  const asciiStarts = new Uint8Array(128 * 128)
  const starts = new Set([...stems].map(beginning))
  for (const start of starts) {
    const [c, d] = [start.charCodeAt(0), start.length > 1 ? start.charCodeAt(1) : -1]
    if (c < 128 && d < 128) asciiStarts[d < 0 ? c : c * 128 + d] = 1
  }
  return { stems, starts, asciiStarts }
}

/** Where each sought stem stands among tokens(text), by word position; no other word is stemmed. */
export function stemPositions(text: string, sought: SoughtStems): Map<string, number[]> {
  // Plain ASCII (most manuals): words are runs of letters and digits, and only those that may stem
  // to a sought stem are cut out of the text. Any other character takes the full Unicode rules.
  const at = new Map<string, number[]>()
  const { asciiStarts } = sought
  let position = 0
  let start = -1
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32
    if (code >= 128) return unicodeStemPositions(text, sought)
    if (ASCII_WORD[code]) {
      if (start < 0) start = i
      continue
    }
    if (start < 0) continue
    const first = ASCII_WORD[text.charCodeAt(start)] ?? 0
    if (
      asciiStarts[first] ||
      (i - start > 1 && asciiStarts[first * 128 + (ASCII_WORD[text.charCodeAt(start + 1)] ?? 0)])
    ) {
      addStem(at, sought, text.slice(start, i).toLowerCase(), position)
    }
    position++
    start = -1
  }
  return at
}

function unicodeStemPositions(text: string, sought: SoughtStems): Map<string, number[]> {
  const at = new Map<string, number[]>()
  words(text).forEach((word, i) => {
    if (sought.starts.has(word.slice(0, 1)) || sought.starts.has(word.slice(0, 2))) addStem(at, sought, word, i)
  })
  return at
}

function addStem(at: Map<string, number[]>, sought: SoughtStems, word: string, position: number) {
  const s = stem(word)
  if (!sought.stems.has(s)) return
  const list = at.get(s)
  if (list) list.push(position)
  else at.set(s, [position])
}

/** An ASCII character's code in lower case if it is a letter or a digit, else 0. */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 122) ? c : c >= 65 && c <= 90 ? c + 32 : 0,
)

const NON_ASCII = /[\u0080-\uffff]/

export function buildIndex(passages: Candidate[]): Bm25Index {
  const postings = new Map<string, [number, number][]>()
  const lengths = new Uint32Array(passages.length)
  let total = 0
  passages.forEach((p, i) => {
    const counts = new Map<string, number>()
    let length = 0
    for (const field of ['title', 'section', 'text'] as const) {
      const words = tokens(p[field] ?? '')
      length += words.length
      for (const w of words) counts.set(w, (counts.get(w) ?? 0) + WEIGHTS[field])
    }
    // The server's row also holds its scope token (weight 0, but one token of the row's length).
    lengths[i] = length + 1
    total += length + 1
    for (const [w, n] of counts) {
      const list = postings.get(w)
      if (list) list.push([i, n])
      else postings.set(w, [[i, n]])
    }
  })
  return { passages, postings, lengths, averageLength: passages.length ? total / passages.length : 0 }
}

/** The best `limit` passages for the terms: those with every term first, then any term. */
export function searchIndex(index: Bm25Index, terms: string[], limit: number): Candidate[] {
  if (terms.length === 0 || index.passages.length === 0) return []
  const n = index.passages.length
  const scores = new Map<number, { score: number; matched: number }>()
  const wanted = new Set(terms.flatMap(tokens))
  for (const term of wanted) {
    const list = index.postings.get(term)
    if (!list) continue
    const idf = Math.max(1e-6, Math.log((n - list.length + 0.5) / (list.length + 0.5)))
    for (const [i, tf] of list) {
      const norm = tf + K1 * (1 - B + (B * (index.lengths[i] ?? 0)) / (index.averageLength || 1))
      const entry = scores.get(i) ?? { score: 0, matched: 0 }
      entry.score += (idf * tf * (K1 + 1)) / norm
      entry.matched += 1
      scores.set(i, entry)
    }
  }
  const ranked = [...scores.entries()].sort(
    ([ia, a], [ib, b]) =>
      Number(b.matched === wanted.size) - Number(a.matched === wanted.size) || b.score - a.score || ia - ib,
  )
  return ranked.slice(0, limit).map(([i]) => index.passages[i] as Candidate)
}
