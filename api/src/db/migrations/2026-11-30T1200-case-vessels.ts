import type { Kysely } from 'kysely'
import { runDdl } from '../ddl.ts'

/** Every question reads the names of its tenant's vessels (db/queries/cases.ts caseVessels): one index seek per name. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, ['CREATE INDEX cases_tenant_vessel ON cases (tenant_slug, vessel)'])
}
