/**
 * Drafting with a configured model: the expert's model (a loopback server speaking the OpenAI
 * chat-completions wire format) writes the questions, each kept only if valid and tied to a piece
 * of the material (its source); a model that answers nonsense leaves the deterministic drafter.
 */
import { draftAnswerSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, describe, expect, it } from 'vitest'
import { startFakeChatModel } from '../test/fake-chat-model.ts'
import { send } from '../test/http.ts'
import { mutation, pushOk } from '../test/sync-kit.ts'
import { createTestApp } from '../test/test-app.ts'

let reply = ''
const fake = await startFakeChatModel(() => reply)
const { prompts } = fake
afterAll(fake.close)

const t = await createTestApp({}, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' })
const manager = await t.signIn('manager@demo.local')
const saved = await send(t, manager, 'PUT', '/api/t/demo/admin/models/seakeeper', {
  primary: {
    provider: 'openai-compatible',
    model: 'boat-llm',
    baseUrl: `${fake.baseUrl}/v1`,
  },
  fallback: null,
  temperature: 0.2,
  maxOutputTokens: 500,
})
expect(saved.status).toBe(200)

const { body: created } = await send(t, manager, 'POST', '/api/t/demo/cases', {
  title: 'Seal swap',
  expert: 'seakeeper',
})
await pushOk(t, manager, uuidv7(), [
  mutation(1, 'case.appendNote', {
    caseId: created.id,
    noteId: uuidv7(),
    text: 'Replaced the seal cartridge; the bearing temperature dropped from 71 °C to 52 °C at full speed.',
  }),
])
const draft = async () => {
  const res = await send(t, manager, 'POST', '/api/t/demo/training/drafts', { from: 'case', caseId: created.id })
  expect(res.status).toBe(200)
  return draftAnswerSchema.parse(res.body)
}

describe('drafting with the expert model', () => {
  it('keeps the valid questions the model wrote, each with the source of its piece', async () => {
    const good = {
      piece: 1,
      question: 'What was the bearing temperature after the seal swap?',
      options: ['52 °C', '71 °C', '90 °C', '30 °C'],
      correct: 0,
      explanation: 'It dropped from 71 °C to 52 °C.',
    }
    reply = `Here you are:\n${JSON.stringify([good, { ...good, correct: 9 }, { ...good, piece: 99 }, 'nonsense'])}`
    const { questions } = await draft()
    expect(questions).toEqual([
      {
        type: 'mcq',
        ...withoutPiece(good),
        source: { title: 'the case "Seal swap"', url: `/t/demo/cases/${created.id}` },
      },
    ])
    expect(prompts.at(-1)).toContain('bearing temperature dropped from 71')
  })

  it('falls back to the deterministic drafter when the model writes nothing usable', async () => {
    reply = 'I cannot help with that.'
    const { questions } = await draft()
    expect(questions.length).toBeGreaterThan(0)
    expect(questions[0]?.question).toContain('_____')
  })
})

function withoutPiece({ piece: _, ...rest }: { piece: number } & Record<string, unknown>) {
  return rest
}
