import type { Expert, ModelChoice, ModelTestResult } from '@mw/sync-protocol'
import { generateText } from 'ai'
import type { Env } from '../env.ts'
import { languageModel, unavailableReason } from './providers.ts'

const TEST_TIMEOUT_MS = 20_000

/** Whether the server holds a key for each provider (never the key itself). */
export function providerKeys(env: Env): Record<ModelChoice['provider'], { keyConfigured: boolean }> {
  return {
    openai: { keyConfigured: Boolean(env.OPENAI_API_KEY) },
    anthropic: { keyConfigured: Boolean(env.ANTHROPIC_API_KEY) },
    google: { keyConfigured: Boolean(env.GOOGLE_GENERATIVE_AI_API_KEY) },
    'openai-compatible': { keyConfigured: Boolean(env.OPENAI_COMPATIBLE_API_KEY) },
    local: { keyConfigured: true },
  }
}

/**
 * Asks an expert's primary model one short question through the same outbound guard as answers,
 * and says whether it answered and how fast. The upstream's own words are never shown.
 */
export async function testModel(choice: ModelChoice, env: Env, expert: Expert): Promise<ModelTestResult> {
  const base = { provider: choice.provider, model: choice.model }
  const model = languageModel(choice, env)
  if (!model) {
    const reason = unavailableReason(choice, env)
    const error = reason ? `${reason} Answers would come from the manuals alone.` : null
    return { ...base, ok: choice.provider === 'local', latencyMs: 0, error }
  }
  const started = performance.now()
  try {
    await generateText({
      model,
      prompt: `You are the ${expert} expert. Reply with the single word OK.`,
      maxOutputTokens: 16,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    })
    return { ...base, ok: true, latencyMs: Math.round(performance.now() - started), error: null }
  } catch (cause) {
    const timedOut = cause instanceof Error && /abort|timeout/i.test(cause.name + cause.message)
    return {
      ...base,
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      error: timedOut
        ? `The model did not answer within ${TEST_TIMEOUT_MS / 1000} s.`
        : 'The model could not be reached or refused the request. Check the provider, model name and key.',
    }
  }
}
