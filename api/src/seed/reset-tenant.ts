import { defaultExpertModelConfig } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { clearTenantWork } from '../db/queries/tenant-data.ts'
import { findTenant, updateTenant } from '../db/queries/tenants.ts'
import { now } from '../lib/time.ts'
import { citeSampleSources } from './sample-sources.ts'
import { createTenant, type SeedTenantSlug, seedTenantContent, seedTenantOf } from './seed.ts'

/**
 * Puts a seeded tenant back to its seeded state (creating it if missing): its work, members, devices and change log are
 * deleted and re-seeded, branding and models reset. Devices that synced before are sent a
 * `reset` (the sync horizon moves past every old cursor) so they drop the deleted rows. The sample
 * answers cite the tenant's manuals, which stay.
 */
export async function resetSeededTenant(db: Db, slug: SeedTenantSlug): Promise<void> {
  const tenant = seedTenantOf(slug)
  await db.transaction().execute(async (trx) => {
    if (!(await findTenant(trx, slug))) await createTenant(trx, slug, tenant.name, tenant.theme)
    await clearTenantWork(trx, slug)
    await updateTenant(
      trx,
      slug,
      {
        name: tenant.name,
        theme: tenant.theme,
        logo_url: null,
        logo_letters: '',
        models_json: JSON.stringify({ seakeeper: defaultExpertModelConfig(), furuno: defaultExpertModelConfig() }),
      },
      now(),
    )
    await recordChange(trx, slug, 'tenantConfig', slug)
    await seedTenantContent(trx, slug)
  })
  await citeSampleSources(db, slug)
}
