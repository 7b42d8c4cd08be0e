import type { EmbeddingChoice } from '@mw/sync-protocol'
import { sql } from 'kysely'
import type { Db } from '../database.ts'
import type { PassageHit } from './knowledge.ts'

export async function embeddingSettings(
  db: Db,
  tenant: string,
): Promise<{ choice: EmbeddingChoice; lastError: string | null } | null> {
  const row = await db
    .selectFrom('kb_embedding_settings')
    .selectAll()
    .where('tenant_slug', '=', tenant)
    .executeTakeFirst()
  if (!row) return null
  const choice = { provider: row.provider, model: row.model, ...(row.base_url ? { baseUrl: row.base_url } : {}) }
  return { choice: choice as EmbeddingChoice, lastError: row.last_error }
}

export async function saveEmbeddingSettings(db: Db, tenant: string, choice: EmbeddingChoice | null, at: string) {
  if (!choice) {
    await db.deleteFrom('kb_embedding_settings').where('tenant_slug', '=', tenant).execute()
    return
  }
  const values = { provider: choice.provider, model: choice.model, base_url: choice.baseUrl ?? null, last_error: null }
  await db
    .insertInto('kb_embedding_settings')
    .values({ tenant_slug: tenant, ...values, updated_at: at })
    .onConflict((oc) => oc.column('tenant_slug').doUpdateSet({ ...values, updated_at: at }))
    .execute()
}

export async function setEmbeddingError(db: Db, tenant: string, error: string | null) {
  await db.updateTable('kb_embedding_settings').set({ last_error: error }).where('tenant_slug', '=', tenant).execute()
}

/** Tenants that chose an embedding model (to resume embedding at boot). */
export async function tenantsWithEmbeddings(db: Db): Promise<string[]> {
  return (await db.selectFrom('kb_embedding_settings').select('tenant_slug').execute()).map((r) => r.tenant_slug)
}

/** Passages of the tenant with no vector from `key` yet, oldest first. */
export async function passagesToEmbed(db: Db, tenant: string, key: string, limit: number) {
  return db
    .selectFrom('kb_passages as p')
    .leftJoin('kb_passage_vectors as v', (join) => join.onRef('v.passage_id', '=', 'p.id').on('v.model_key', '=', key))
    .select(['p.id', 'p.title', 'p.section', 'p.text'])
    .where('p.tenant_slug', '=', tenant)
    .where('v.passage_id', 'is', null)
    .orderBy('p.id')
    .limit(limit)
    .execute()
}

export async function saveVectors(db: Db, key: string, rows: { id: number; vector: Float32Array }[]) {
  for (const row of rows) {
    const vector = new Uint8Array(row.vector.buffer, row.vector.byteOffset, row.vector.byteLength)
    await db
      .insertInto('kb_passage_vectors')
      .values({ passage_id: row.id, model_key: key, vector })
      .onConflict((oc) => oc.column('passage_id').doUpdateSet({ model_key: key, vector }))
      .execute()
  }
}

export async function embeddingCounts(db: Db, tenant: string, key: string | null) {
  const { rows } = await sql<{ total: number; embedded: number }>`
    SELECT count(*) AS total, count(v.passage_id) AS embedded
    FROM kb_passages AS p LEFT JOIN kb_passage_vectors AS v ON v.passage_id = p.id AND v.model_key = ${key ?? ''}
    WHERE p.tenant_slug = ${tenant}`.execute(db)
  return { total: Number(rows[0]?.total ?? 0), embedded: Number(rows[0]?.embedded ?? 0) }
}

/** The expert's passage vectors from `key`, and a version that changes when they do. */
export async function expertVectors(db: Db, tenant: string, expert: string, key: string) {
  return db
    .selectFrom('kb_passage_vectors as v')
    .innerJoin('kb_passages as p', 'p.id', 'v.passage_id')
    .select(['v.passage_id as id', 'v.vector'])
    .where('p.tenant_slug', '=', tenant)
    .where('p.expert', '=', expert)
    .where('v.model_key', '=', key)
    .orderBy('v.passage_id')
    .execute()
}

export async function expertVectorsVersion(db: Db, tenant: string, expert: string, key: string): Promise<string> {
  const { rows } = await sql<{ n: number; last: number | null }>`
    SELECT count(*) AS n, max(v.passage_id) AS last FROM kb_passage_vectors AS v
      JOIN kb_passages AS p ON p.id = v.passage_id
    WHERE p.tenant_slug = ${tenant} AND p.expert = ${expert} AND v.model_key = ${key}`.execute(db)
  return `${rows[0]?.n ?? 0}:${rows[0]?.last ?? 0}`
}

/** Passages by id, kept to one tenant's expert (dense hits the word search did not find). */
export async function passagesByIds(db: Db, tenant: string, expert: string, ids: number[]): Promise<PassageHit[]> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('kb_passages as p')
    .innerJoin('kb_documents as d', 'd.id', 'p.document_id')
    .select([
      'p.id',
      'p.document_id as documentId',
      'd.file_name as fileName',
      'p.ordinal',
      'p.title',
      'p.section',
      'p.page',
      'p.text',
    ])
    .where('p.id', 'in', ids)
    .where('p.tenant_slug', '=', tenant)
    .where('p.expert', '=', expert)
    .execute()
  return rows.map((r) => ({ ...r, rank: 0 }))
}
