import fc from 'fast-check'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  assignTrainingBodySchema,
  brandingSchema,
  type Case,
  createCaseBodySchema,
  ERROR_CODES,
  ERROR_STATUS,
  expertModelConfigInputSchema,
  expertModelConfigSchema,
  LIMITS,
  type Mutation,
  mutationSchema,
  SAMPLE_QUESTIONS,
  streamEventSchema,
  streamRequestSchema,
  trainingQuestionSchema,
  updateCaseBodySchema,
} from './index.ts'

const uuid = '0190a6d4-8c1e-7b4e-9f3a-2d5c6e7f8a9b'

describe('the wire contract', () => {
  it('maps every error code to a 4xx or 5xx status', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400)
  })

  it('uppercases logo letters and refuses more than two', () => {
    const base = { name: 'Harbor', theme: 'sand', logoUrl: null }
    expect(brandingSchema.parse({ ...base, logoLetters: 'hm' }).logoLetters).toBe('HM')
    expect(brandingSchema.safeParse({ ...base, logoLetters: 'HMS' }).success).toBe(false)
    expect(brandingSchema.safeParse({ ...base, theme: 'neon', logoLetters: '' }).success).toBe(false)
  })

  it('keeps temperature within 0-2 and output tokens within 100-4000', () => {
    const config = { primary: { provider: 'openai', model: 'gpt-4o-mini' }, temperature: 0.2, maxOutputTokens: 1000 }
    expect(expertModelConfigSchema.safeParse(config).success).toBe(true)
    expect(expertModelConfigSchema.safeParse({ ...config, temperature: 2.1 }).success).toBe(false)
    expect(expertModelConfigSchema.safeParse({ ...config, maxOutputTokens: 99 }).success).toBe(false)
    expect(expertModelConfigSchema.safeParse({ ...config, maxOutputTokens: 4001 }).success).toBe(false)
    expect(expertModelConfigSchema.safeParse({ ...config, primary: { provider: 'cohere', model: 'x' } }).success).toBe(
      false,
    )
  })

  it('takes a temperature to save in steps of 0.1, and reads one stored off the step as it is', () => {
    const config = { primary: { provider: 'openai', model: 'gpt-4o-mini' }, temperature: 0.2, maxOutputTokens: 1000 }
    for (const temperature of [0, 0.1 + 0.2, 0.7, 2]) {
      expect(expertModelConfigInputSchema.safeParse({ ...config, temperature }).success, `${temperature}`).toBe(true)
    }
    for (const temperature of [0.15, 0.01, 1.99]) {
      expect(expertModelConfigInputSchema.safeParse({ ...config, temperature }).success, `${temperature}`).toBe(false)
    }
    expect(expertModelConfigSchema.parse({ ...config, temperature: 0.15 }).temperature).toBe(0.15)
  })

  it('accepts a case update of status or description, never both or neither', () => {
    expect(updateCaseBodySchema.safeParse({ status: 'In-Progress' }).success).toBe(true)
    expect(updateCaseBodySchema.safeParse({ description: 'text' }).success).toBe(true)
    expect(updateCaseBodySchema.safeParse({ status: 'Closed' }).success).toBe(false)
    expect(updateCaseBodySchema.safeParse({}).success).toBe(false)
    expect(updateCaseBodySchema.safeParse({ status: 'Open', description: 'x' }).success).toBe(false)
  })

  it('requires a case title that is not blank', () => {
    expect(createCaseBodySchema.safeParse({ title: '   ', expert: 'furuno' }).success).toBe(false)
    expect(createCaseBodySchema.parse({ title: ' Radar ', expert: 'furuno' })).toMatchObject({
      title: 'Radar',
      tags: [],
    })
  })

  it('assigns training to a role, one user or several users', () => {
    expect(assignTrainingBodySchema.safeParse({ setId: uuid, assignedToRole: 'Technician' }).success).toBe(true)
    expect(assignTrainingBodySchema.safeParse({ setId: uuid, assignedToId: uuid }).success).toBe(true)
    expect(assignTrainingBodySchema.safeParse({ setId: uuid, assignedToIds: [uuid] }).success).toBe(true)
    expect(assignTrainingBodySchema.safeParse({ setId: uuid, assignedToRole: 'Captain' }).success).toBe(false)
    expect(assignTrainingBodySchema.safeParse({ setId: uuid }).success).toBe(false)
  })

  it('ships sample questions that are valid training questions', () => {
    for (const questions of Object.values(SAMPLE_QUESTIONS)) {
      for (const q of questions) expect(trainingQuestionSchema.safeParse(q).success).toBe(true)
    }
    expect(SAMPLE_QUESTIONS.seakeeper.map((q) => q.type)).toEqual(['mcq', 'image-label'])
    expect(SAMPLE_QUESTIONS.furuno.map((q) => q.type)).toEqual(['mcq'])
  })

  it('refuses an mcq whose correct index is not an option', () => {
    const q = { type: 'mcq', question: 'Q?', options: ['a', 'b'], correct: 2, explanation: '' }
    expect(trainingQuestionSchema.safeParse(q).success).toBe(false)
  })

  it('bounds the stream query and ties the filter to an expert', () => {
    const ok = { query: 'spool-up fails', filters: { file_subject_type: 'seakeeper' } }
    expect(streamRequestSchema.safeParse(ok).success).toBe(true)
    expect(streamRequestSchema.safeParse({ ...ok, query: ' ' }).success).toBe(false)
    expect(streamRequestSchema.safeParse({ ...ok, query: 'x'.repeat(LIMITS.queryMaxChars + 1) }).success).toBe(false)
    expect(streamRequestSchema.safeParse({ ...ok, filters: { file_subject_type: 'master' } }).success).toBe(false)
    expect(streamEventSchema.parse({ done: true, conversationId: uuid })).toEqual({ done: true, conversationId: uuid })
  })

  it('validates a mutation by its type', () => {
    const envelope = { mid: uuid, seq: 1, baseVersion: 3, createdAt: '2026-11-20T10:00:00.000Z' }
    const ok = { ...envelope, type: 'case.setStatus', args: { caseId: uuid, status: 'Resolved' } }
    expect(mutationSchema.parse(ok).type).toBe('case.setStatus')
    expect(mutationSchema.safeParse({ ...ok, args: { caseId: uuid, status: 'Done' } }).success).toBe(false)
    expect(mutationSchema.safeParse({ ...ok, type: 'case.delete' }).success).toBe(false)
    expect(mutationSchema.safeParse({ ...ok, seq: 0 }).success).toBe(false)
  })

  it('never accepts arbitrary junk as a mutation', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        expect(mutationSchema.safeParse(junk).success).toBe(false)
      }),
    )
  })

  it('pins the inferred shapes', () => {
    expectTypeOf<Case['status']>().toEqualTypeOf<'Open' | 'In-Progress' | 'Resolved'>()
    expectTypeOf<Extract<Mutation, { type: 'case.appendNote' }>['args']>().toEqualTypeOf<{
      caseId: string
      noteId: string
      text: string
    }>()
  })
})
