import type { Kysely } from 'kysely'
import { runDdl } from '../ddl.ts'

/** A tenant's uploaded logo (re-encoded or sanitised before it is stored) and its accent colour. */
const statements = [
  `CREATE TABLE tenant_logos (
    tenant_slug TEXT PRIMARY KEY REFERENCES tenants(slug) ON DELETE CASCADE,
    media_type TEXT NOT NULL,
    bytes BLOB NOT NULL,
    sha256 TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `ALTER TABLE tenants ADD COLUMN accent_color TEXT`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements)
}
