/**
 * The dense half of retrieval: the question's vector against the expert's passage vectors
 * (cosine, over unit vectors held in memory per tenant, expert and model until they change).
 * Null whenever it cannot help (no model chosen, nothing embedded yet, the model unreachable in
 * time): the word search then answers alone.
 */
import { embed } from 'ai'
import type { Db } from '../db/database.ts'
import { embeddingSettings, expertVectors, expertVectorsVersion } from '../db/queries/embeddings.ts'
import type { Env } from '../env.ts'
import { embeddingModel, modelKey } from './embedding-model.ts'

const QUERY_TIMEOUT_MS = 5000

interface Matrix {
  version: string
  ids: number[]
  dims: number
  values: Float32Array
}
const cache = new Map<string, Matrix>()

export interface DenseHit {
  id: number
  similarity: number
  /** Standard deviations above the expert's average similarity to the question. */
  nearness: number
}

export async function denseSearch(
  deps: { db: Db; env: Env },
  tenant: string,
  expert: string,
  query: string,
  limit: number,
): Promise<DenseHit[] | null> {
  const settings = await embeddingSettings(deps.db, tenant)
  const model = settings && embeddingModel(settings.choice, deps.env)
  if (!settings || !model) return null
  const matrix = await vectorsOf(deps.db, tenant, expert, modelKey(settings.choice))
  if (!matrix) return null
  const question = await embed({
    model,
    value: query,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
  })
    .then((r) => unit(Float32Array.from(r.embedding)))
    .catch(() => null)
  if (question?.length !== matrix.dims) return null
  const similarities = matrix.ids.map((_, row) => dot(question, matrix.values, row * matrix.dims, matrix.dims))
  const mean = similarities.reduce((a, b) => a + b, 0) / similarities.length
  const spread = Math.sqrt(similarities.reduce((a, b) => a + (b - mean) ** 2, 0) / similarities.length) || 1
  const hits: DenseHit[] = matrix.ids.map((id, row) => {
    const similarity = similarities[row] ?? 0
    return { id, similarity, nearness: (similarity - mean) / spread }
  })
  return hits.sort((a, b) => b.similarity - a.similarity).slice(0, limit)
}

function dot(a: Float32Array, values: Float32Array, offset: number, dims: number): number {
  let sum = 0
  for (let d = 0; d < dims; d++) sum += (a[d] ?? 0) * (values[offset + d] ?? 0)
  return sum
}

async function vectorsOf(db: Db, tenant: string, expert: string, key: string): Promise<Matrix | null> {
  const name = `${tenant}/${expert}/${key}`
  const version = await expertVectorsVersion(db, tenant, expert, key)
  const cached = cache.get(name)
  if (cached?.version === version) return cached.ids.length > 0 ? cached : null
  const rows = await expertVectors(db, tenant, expert, key)
  const dims = rows[0] ? rows[0].vector.byteLength / 4 : 0
  const kept = rows.filter((r) => r.vector.byteLength === dims * 4)
  const values = new Float32Array(kept.length * dims)
  kept.forEach((r, i) => {
    values.set(
      unit(new Float32Array(r.vector.buffer.slice(r.vector.byteOffset, r.vector.byteOffset + r.vector.byteLength))),
      i * dims,
    )
  })
  const matrix = { version, ids: kept.map((r) => r.id), dims, values }
  cache.set(name, matrix)
  return kept.length > 0 ? matrix : null
}

function unit(vector: Float32Array): Float32Array {
  let norm = 0
  for (const v of vector) norm += v * v
  norm = Math.sqrt(norm) || 1
  return vector.map((v) => v / norm)
}
