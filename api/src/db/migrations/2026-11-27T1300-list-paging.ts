import type { Kysely } from 'kysely'
import { runDdl } from '../ddl.ts'

/** The REST lists page by (sort key, id) within a tenant: these indexes make a page cost the same however long the list. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [
    'CREATE INDEX cases_tenant_created ON cases (tenant_slug, created_at, id)',
    'CREATE INDEX training_sets_tenant_created ON training_sets (tenant_slug, created_at, id)',
    'CREATE INDEX training_assignments_tenant_created ON training_assignments (tenant_slug, created_at, id)',
  ])
}
