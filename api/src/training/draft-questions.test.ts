import { stem } from '@mw/sync-protocol/retrieval'
import { describe, expect, it } from 'vitest'
import { draftQuestions } from './draft-questions.ts'

const source = (title: string) => ({ title, url: null })
const material = [
  {
    text: 'After the vessel is relaunched, bleed air from the seawater cooling circuit before starting the stabilizer. The accumulator precharge should be 40 bar at 20 °C.',
    source: source('Seakeeper manual'),
  },
  {
    text: 'NMEA 2000 devices draw power from the backbone; each drop cable may be at most 6 m long. Terminate the backbone with two 120 ohm resistors.',
    source: source('N2K guide'),
  },
  {
    text: "Replace it with the manufacturer's parts. Check the magnetron hours in the diagnostics menu. Several manufacturers sell kits.",
    source: source('Radar notes'),
  },
  { text: 'Too short.', source: source('Nothing') },
]

describe('the deterministic drafter', () => {
  const questions = draftQuestions(material)

  it('asks for the fact of each piece, figures with their unit first, and explains with the sentence', () => {
    expect(questions.map((q) => q.source?.title)).toEqual(['Seakeeper manual', 'N2K guide', 'Radar notes'])
    const first = questions[0]
    if (first?.type !== 'mcq') throw new Error('multiple choice expected')
    expect(first.options[first.correct]).toBe('40 bar')
    expect(first.options.every((o) => o.endsWith(' bar'))).toBe(true)
    expect(first.question).toContain('_____ at 20 °C')
    for (const q of questions) {
      if (q.type !== 'mcq') continue
      expect(q.explanation).toContain(q.options[q.correct] as string)
      expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(q.options.length)
    }
  })

  it('never offers another form of the answer as a wrong choice', () => {
    for (const q of questions) {
      if (q.type !== 'mcq') continue
      const right = stem((q.options[q.correct] as string).toLowerCase())
      const wrong = q.options.filter((_, i) => i !== q.correct).map((o) => stem(o.toLowerCase()))
      expect(wrong).not.toContain(right)
    }
  })

  it('drafts the same questions from the same material', () => {
    expect(draftQuestions(material)).toEqual(questions)
  })
})
