/**
 * The deterministic drafter (no model needed): each piece of material gives at most one
 * fill-in-the-blank question on its most telling sentence: a figure with its unit, else its most
 * technical word; the other choices are figures or words of the same kind from the rest of the
 * material, and the passage itself is the explanation. Same material, same questions.
 */
import type { QuestionSource, TrainingQuestion } from '@mw/sync-protocol'
import { stem } from '@mw/sync-protocol/retrieval'

export interface DraftMaterial {
  text: string
  source: QuestionSource
}

type Blank = { text: string; start: number; kind: 'figure' | 'word'; unit: string; score: number }

const UNIT =
  'bar|psi|VAC|VDC|V|A|°C|°F|mm|cm|m|kW|W|rpm|Hz|kHz|MHz|hours|hour|h|minutes|min|seconds|s|%|Nm|kg|ft|in|knots|kn'
const FIGURE = new RegExp(`(\\d+(?:[.,]\\d+)?)(?:\\s?(${UNIT}))?(?![\\w°%])`, 'g')
const WORD = /[A-Za-z][A-Za-z0-9-]{4,}/g
const COMMON = new Set(
  'about above after again against allow always another around because before being below between both cannot check could during each either enough every first following further having however input inside instead later least least making might model normal number other output please press quite rather really screen second select setting should since small still system their there these thing things those three through together under unless until unit using usually value various where whether which while within without would'.split(
    ' ',
  ),
)

function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 30 && s.length <= 320)
}

function blanksOf(sentence: string): Blank[] {
  const blanks: Blank[] = []
  for (const m of sentence.matchAll(FIGURE)) {
    const unit = m[2] ?? ''
    // A bare small count ("2 cables") says little; a figure with its unit is the fact to learn.
    if (!unit && Number(m[1]?.replace(',', '.')) < 10) continue
    blanks.push({ text: m[0], start: m.index, kind: 'figure', unit, score: unit ? 6 : 3 })
  }
  for (const m of sentence.matchAll(WORD)) {
    const word = m[0]
    if (COMMON.has(word.toLowerCase()) || /^\d/.test(word)) continue
    const technical = Number(/\d/.test(word)) * 3 + Number(/[A-Z]/.test(word.slice(1))) * 2
    blanks.push({ text: word, start: m.index, kind: 'word', unit: '', score: technical + word.length / 4 })
  }
  return blanks
}

/** A stable number from text, so choices are shuffled the same way every time. */
function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

function figureChoices(blank: Blank, pool: Blank[]): string[] {
  const value = Number(blank.text.match(/\d+(?:[.,]\d+)?/)?.[0].replace(',', '.'))
  const same = pool.filter((b) => b.kind === 'figure' && b.unit === blank.unit).map((b) => b.text)
  const unit = blank.unit ? `${blank.text.includes(` ${blank.unit}`) ? ' ' : ''}${blank.unit}` : ''
  const made = [value * 2, Math.round(value / 2), value + (value < 20 ? 5 : 10)].map((n) => `${n}${unit}`)
  return [...same, ...made]
}

function wordChoices(blank: Blank, pool: Blank[]): string[] {
  // "manufacturers" is no wrong choice for "manufacturer": the same word is never a distractor.
  const root = stem(blank.text.toLowerCase())
  return pool
    .filter((b) => b.kind === 'word' && Math.abs(b.text.length - blank.text.length) <= 4)
    .filter((b) => stem(b.text.toLowerCase()) !== root)
    .sort((a, b) => b.score - a.score || hash(a.text) - hash(b.text))
    .map((b) => b.text)
}

function questionFrom(sentence: string, blank: Blank, pool: Blank[], piece: DraftMaterial): TrainingQuestion | null {
  const { source } = piece
  const candidates = blank.kind === 'figure' ? figureChoices(blank, pool) : wordChoices(blank, pool)
  const seen = new Set([blank.text.toLowerCase()])
  const wrong: string[] = []
  for (const c of candidates) {
    if (seen.has(c.toLowerCase()) || sentence.toLowerCase().includes(c.toLowerCase())) continue
    seen.add(c.toLowerCase())
    wrong.push(c)
    if (wrong.length === 3) break
  }
  if (wrong.length === 0) return null
  const options = [...wrong]
  const correct = hash(sentence) % (wrong.length + 1)
  options.splice(correct, 0, blank.text)
  const blanked = `${sentence.slice(0, blank.start)}_____${sentence.slice(blank.start + blank.text.length)}`
  return {
    type: 'mcq',
    question: `What completes this line from ${source.title}? "${blanked}"`.slice(0, 1000),
    options,
    correct,
    explanation: piece.text.replace(/\s+/g, ' ').trim().slice(0, 4000),
    source,
  }
}

export function draftQuestions(material: DraftMaterial[], max = 10): TrainingQuestion[] {
  const picked = material.map((m) => {
    const best = sentencesOf(m.text)
      .map((sentence) => ({ sentence, blank: blanksOf(sentence).sort((a, b) => b.score - a.score)[0] }))
      .filter((s): s is { sentence: string; blank: Blank } => s.blank !== undefined)
      .sort((a, b) => b.blank.score - a.blank.score)[0]
    return best && { ...best, piece: m }
  })
  const pool = material.flatMap((m) => sentencesOf(m.text).flatMap(blanksOf))
  const questions: TrainingQuestion[] = []
  const asked = new Set<string>()
  for (const p of picked) {
    if (!p || asked.has(p.sentence)) continue
    const question = questionFrom(p.sentence, p.blank, pool, p.piece)
    if (!question) continue
    asked.add(p.sentence)
    questions.push(question)
    if (questions.length === max) break
  }
  return questions
}
