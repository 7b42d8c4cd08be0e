import { type Kysely, sql } from 'kysely'
import { runDdl } from '../ddl.ts'

/** An expert's own words that mean the same, per tenant (Admin Settings → Knowledge), as JSON groups. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [
    `CREATE TABLE kb_synonyms (
      tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
      expert TEXT NOT NULL,
      groups TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      updated_by TEXT,
      PRIMARY KEY (tenant_slug, expert)
    )`,
  ])
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS kb_synonyms').execute(db)
}
