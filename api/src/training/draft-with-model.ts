/**
 * Drafting with the expert's chosen model, when one is configured: the model writes
 * multiple-choice questions from numbered pieces of the material and says which piece each comes
 * from, so every question keeps its source. What it writes is checked like any question; anything
 * unusable (no answer, not JSON, no valid question) falls back to the deterministic drafter.
 */
import { type ExpertModelConfig, type TrainingQuestion, trainingQuestionSchema } from '@mw/sync-protocol'
import { generateText } from 'ai'
import { z } from 'zod'
import type { Env } from '../env.ts'
import { languageModel } from '../experts/providers.ts'
import type { DraftMaterial } from './draft-questions.ts'

const PIECES = 20
const PIECE_CHARS = 700
const TIMEOUT_MS = 45_000

const modelQuestionSchema = z.object({
  piece: z.number().int().min(1),
  question: z.string(),
  options: z.array(z.string()),
  correct: z.number().int().min(0),
  explanation: z.string().default(''),
})

export async function draftWithModel(
  material: DraftMaterial[],
  config: ExpertModelConfig | undefined,
  env: Env,
  max = 10,
): Promise<TrainingQuestion[] | null> {
  const model = config?.primary && languageModel(config.primary, env)
  if (!model) return null
  const pieces = material.filter((m) => m.text.trim().length > 40).slice(0, PIECES)
  if (pieces.length === 0) return null
  const numbered = pieces.map((m, i) => `[${i + 1}] ${m.text.replace(/\s+/g, ' ').slice(0, PIECE_CHARS)}`).join('\n\n')
  try {
    const { text } = await generateText({
      model,
      temperature: config?.temperature,
      maxOutputTokens: 3000,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(TIMEOUT_MS),
      prompt: `Write up to ${max} multiple-choice questions that check a marine service technician knows the facts in the numbered pieces below. Each question must be answerable from one piece alone; give four options, exactly one right, and a one-sentence explanation quoting the piece. Reply with JSON only, an array of {"piece": number, "question": string, "options": [string], "correct": index of the right option, "explanation": string}.\n\n${numbered}`,
    })
    const json = text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)
    const parsed = z.array(z.unknown()).safeParse(JSON.parse(json))
    if (!parsed.success) return null
    const questions = parsed.data.flatMap((raw) => {
      const item = modelQuestionSchema.safeParse(raw)
      const piece = item.success ? pieces[item.data.piece - 1] : undefined
      if (!item.success || !piece) return []
      const { question, options, correct, explanation } = item.data
      const candidate = { type: 'mcq', question, options, correct, explanation, source: piece.source }
      const valid = trainingQuestionSchema.safeParse(candidate)
      return valid.success ? [valid.data] : []
    })
    return questions.length ? questions.slice(0, max) : null
  } catch {
    return null
  }
}
