import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogle } from '@ai-sdk/google'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { ExpertModelConfig, ModelChoice } from '@mw/sync-protocol'
import type { LanguageModel } from 'ai'
import type { Env } from '../env.ts'

/**
 * The model for a tenant's choice, or null when it cannot be used here: provider `local`, or a
 * provider whose key is not in the server environment ("not configured"). Keys stay on the
 * server. Every call goes through the outbound guard (env.fetch). An OpenAI-compatible server on the boat needs its base URL; its key is optional.
 */
export function languageModel(choice: ModelChoice, env: Env): LanguageModel | null {
  switch (choice.provider) {
    case 'openai':
      return env.OPENAI_API_KEY ? createOpenAI({ apiKey: env.OPENAI_API_KEY, fetch: env.fetch })(choice.model) : null
    case 'anthropic':
      return env.ANTHROPIC_API_KEY
        ? createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, fetch: env.fetch })(choice.model)
        : null
    case 'google':
      return env.GOOGLE_GENERATIVE_AI_API_KEY
        ? createGoogle({ apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY, fetch: env.fetch })(choice.model)
        : null
    case 'openai-compatible':
      return choice.baseUrl ? compatibleProvider(choice.baseUrl, env)(choice.model) : null
    case 'local':
      return null
  }
}

const sameUrl = (a: string, b: string) => new URL(a).href.replace(/\/+$/, '') === new URL(b).href.replace(/\/+$/, '')

/**
 * A tenant manager chooses the base URL, so the server's key goes only to the server the operator
 * named; any other URL (a model server on the boat) is called without it, or the key would be
 * handed to whoever runs that URL.
 */
function keyFor(baseUrl: string, env: Env): string | undefined {
  const trusted = env.OPENAI_COMPATIBLE_BASE_URL
  return trusted && sameUrl(baseUrl, trusted) ? env.OPENAI_COMPATIBLE_API_KEY : undefined
}

/** A model server the tenant named (on the boat, say), called through the outbound guard. */
export const compatibleProvider = (baseUrl: string, env: Env) =>
  createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: baseUrl,
    apiKey: keyFor(baseUrl, env),
    fetch: env.fetch,
  })

/** Why a chosen model cannot be used on this server (null: it can, or the choice is the manuals alone). */
export function unavailableReason(choice: ModelChoice, env: Env): string | null {
  if (choice.provider === 'local' || languageModel(choice, env)) return null
  return choice.provider === 'openai-compatible'
    ? 'No base URL is set for this model.'
    : `The server has no key for ${choice.provider}.`
}

export interface ConfiguredModel {
  label: string
  role: 'primary' | 'fallback'
  model: LanguageModel
}

/**
 * Primary then fallback, keeping only those that are configured (the local answerer always comes
 * after), and why any chosen model was left out.
 */
export function modelChain(config: ExpertModelConfig, env: Env): { chain: ConfiguredModel[]; skipped: string[] } {
  const chain: ConfiguredModel[] = []
  const skipped: string[] = []
  for (const [role, choice] of [
    ['primary', config.primary],
    ['fallback', config.fallback],
  ] as const) {
    if (!choice) continue
    const model = languageModel(choice, env)
    const label = `${choice.provider}:${choice.model}`
    if (model) chain.push({ label, role, model })
    else {
      const reason = unavailableReason(choice, env)
      if (reason) skipped.push(`${label}: ${reason}`)
    }
  }
  return { chain, skipped }
}
