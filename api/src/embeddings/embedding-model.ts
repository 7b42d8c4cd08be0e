import { createGoogle } from '@ai-sdk/google'
import { createOpenAI } from '@ai-sdk/openai'
import type { EmbeddingChoice } from '@mw/sync-protocol'
import type { EmbeddingModel } from 'ai'
import type { Env } from '../env.ts'
import { compatibleProvider } from '../experts/providers.ts'

/** The chosen embedding model, or null when this server cannot call it (no key, no base URL). Calls go through the outbound guard. */
export function embeddingModel(choice: EmbeddingChoice, env: Env): EmbeddingModel | null {
  switch (choice.provider) {
    case 'openai':
      return env.OPENAI_API_KEY
        ? createOpenAI({ apiKey: env.OPENAI_API_KEY, fetch: env.fetch }).embeddingModel(choice.model)
        : null
    case 'google':
      return env.GOOGLE_GENERATIVE_AI_API_KEY
        ? createGoogle({ apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY, fetch: env.fetch }).embeddingModel(choice.model)
        : null
    case 'openai-compatible':
      return choice.baseUrl ? compatibleProvider(choice.baseUrl, env).embeddingModel(choice.model) : null
  }
}

/** Vectors from one model are comparable only with each other: the key that tells them apart. */
export const modelKey = (choice: EmbeddingChoice) => `${choice.provider}:${choice.model}:${choice.baseUrl ?? ''}`

export const unusableReason = (choice: EmbeddingChoice) =>
  choice.provider === 'openai-compatible'
    ? 'No base URL is set for this embedding model.'
    : `The server has no key for ${choice.provider}.`
