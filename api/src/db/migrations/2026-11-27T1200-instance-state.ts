import type { Kysely } from 'kysely'
import { isPostgres } from '../database.ts'
import { runDdl } from '../ddl.ts'

/**
 * What several API instances on one database must share, so any request can go to any of them:
 * request budgets (token buckets), answer streams open at once (each with a lease, so a stream of
 * an instance that died stops counting), and which instance is processing a document (a lease it
 * renews while it works; another instance takes the job over when it runs out).
 * On PostgreSQL the budgets and slots are UNLOGGED: fast, and after a crash they just start full.
 */
const tables = (unlogged: string) => [
  `CREATE ${unlogged} TABLE rate_limit_buckets (
    key TEXT PRIMARY KEY,
    tokens REAL NOT NULL,
    at INTEGER NOT NULL,
    granted INTEGER NOT NULL
  )`,
  `CREATE ${unlogged} TABLE stream_slots (
    id TEXT PRIMARY KEY,
    user_key TEXT NOT NULL,
    tenant_key TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  )`,
]

const claims = [
  `ALTER TABLE kb_documents ADD COLUMN claimed_by TEXT`,
  `ALTER TABLE kb_documents ADD COLUMN claimed_until TEXT`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, tables(isPostgres(db) ? 'UNLOGGED' : ''))
  await runDdl(db, [
    'CREATE INDEX stream_slots_user ON stream_slots (user_key, expires_at)',
    'CREATE INDEX stream_slots_tenant ON stream_slots (tenant_key, expires_at)',
    ...claims,
  ])
}
