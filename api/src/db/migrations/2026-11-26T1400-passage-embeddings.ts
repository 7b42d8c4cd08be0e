import { type Kysely, sql } from 'kysely'
import { runDdl } from '../ddl.ts'

/**
 * Optional dense retrieval: a tenant's embedding model, and one vector per passage (float32,
 * as a blob) from the model named by `model_key`; a passage replaced or deleted takes its vector along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [
    `CREATE TABLE kb_embedding_settings (
      tenant_slug TEXT PRIMARY KEY REFERENCES tenants(slug) ON DELETE CASCADE,
      provider TEXT NOT NULL,
      model TEXT NOT NULL,
      base_url TEXT,
      last_error TEXT,
      updated_at TEXT NOT NULL
    )`,
  ])
  await runDdl(db, [
    `CREATE TABLE kb_passage_vectors (
      passage_id INTEGER PRIMARY KEY REFERENCES kb_passages(id) ON DELETE CASCADE,
      model_key TEXT NOT NULL,
      vector BLOB NOT NULL
    )`,
  ])
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS kb_passage_vectors').execute(db)
  await sql.raw('DROP TABLE IF EXISTS kb_embedding_settings').execute(db)
}
