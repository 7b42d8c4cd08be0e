/**
 * Embeds a tenant's passages with its chosen model, in batches, in the background: resumable
 * (only passages without a vector from that model are taken, so a restart or a failed batch picks
 * up where it stopped) and one run per tenant at a time. A failure is kept as the status's error
 * until a later run succeeds.
 */
import type { EmbeddingStatus } from '@mw/sync-protocol'
import { embedMany } from 'ai'
import type { Db } from '../db/database.ts'
import {
  embeddingCounts,
  embeddingSettings,
  passagesToEmbed,
  saveVectors,
  setEmbeddingError,
  tenantsWithEmbeddings,
} from '../db/queries/embeddings.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../lib/logger.ts'
import { embeddingModel, modelKey, unusableReason } from './embedding-model.ts'

const BATCH = 32
/** A passage's text is cut to this many characters before embedding (models take a few thousand tokens). */
const MAX_CHARS = 6000

interface Deps {
  db: Db
  env: Env
  log: Logger
}

const running = new Map<string, Promise<void>>()

/** Starts embedding the tenant's passages unless a run is going; resolves when that run ends. */
export function startEmbedding(deps: Deps, tenant: string): Promise<void> {
  const current = running.get(tenant)
  if (current) return current
  const run = embedAll(deps, tenant).finally(() => running.delete(tenant))
  running.set(tenant, run)
  return run
}

/** At boot: every tenant with a model gets what is missing. */
export async function resumeEmbedding(deps: Deps): Promise<void> {
  for (const tenant of await tenantsWithEmbeddings(deps.db)) void startEmbedding(deps, tenant)
}

async function embedAll({ db, env, log }: Deps, tenant: string): Promise<void> {
  const settings = await embeddingSettings(db, tenant)
  if (!settings) return
  const model = embeddingModel(settings.choice, env)
  if (!model) {
    await setEmbeddingError(db, tenant, unusableReason(settings.choice))
    return
  }
  const key = modelKey(settings.choice)
  for (;;) {
    const batch = await passagesToEmbed(db, tenant, key, BATCH)
    if (batch.length === 0) break
    try {
      const { embeddings } = await embedMany({
        model,
        values: batch.map((p) => `${p.title}${p.section ? ` — ${p.section}` : ''}\n${p.text}`.slice(0, MAX_CHARS)),
        maxRetries: 1,
      })
      if (embeddings.length !== batch.length) throw new Error('The model answered a different number of vectors.')
      await saveVectors(
        db,
        key,
        batch.map((p, i) => ({ id: p.id, vector: Float32Array.from(embeddings[i] ?? []) })),
      )
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 300) : 'The embedding model failed.'
      log.warn({ tenant, err: error }, 'embedding passages stopped')
      await setEmbeddingError(db, tenant, reason)
      return
    }
  }
  await setEmbeddingError(db, tenant, null)
}

export async function embeddingStatus(db: Db, tenant: string): Promise<EmbeddingStatus> {
  const settings = await embeddingSettings(db, tenant)
  const counts = await embeddingCounts(db, tenant, settings ? modelKey(settings.choice) : null)
  return {
    embedding: settings?.choice ?? null,
    embedded: settings ? counts.embedded : 0,
    total: counts.total,
    working: running.has(tenant),
    error: settings?.lastError ?? null,
  }
}
