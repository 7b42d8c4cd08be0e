import { defaultExpertModelConfig } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { TENANT_WORK_TABLES } from '../db/queries/tenant-data.ts'
import { findTenant } from '../db/queries/tenants.ts'
import { now } from '../lib/time.ts'
import { createTenant, type SeedTenantSlug, seedTenantContent, seedTenantOf } from './seed.ts'

/**
 * Puts a seeded tenant back to its seeded state (creating it if missing): its work, members, devices and change log are
 * deleted and re-seeded, branding and models reset. Devices that synced before are sent a
 * `reset` (the sync horizon moves past every old cursor) so they drop the deleted rows.
 */
export async function resetSeededTenant(db: Db, slug: SeedTenantSlug): Promise<void> {
  const tenant = seedTenantOf(slug)
  await db.transaction().execute(async (trx) => {
    if (!(await findTenant(trx, slug))) await createTenant(trx, slug, tenant.name, tenant.theme)
    // Cursors are global log versions, so every cursor handed out so far is at most the global maximum.
    const latest = await trx
      .selectFrom('change_log')
      .select((eb) => eb.fn.max('version').as('v'))
      .executeTakeFirst()
    const horizon = Number(latest?.v ?? 0)
    for (const table of TENANT_WORK_TABLES) await trx.deleteFrom(table).where('tenant_slug', '=', slug).execute()
    await trx.deleteFrom('idempotency_keys').where('path', 'like', `/api/t/${slug}/%`).execute()
    await trx
      .insertInto('sync_horizon')
      .values({ tenant_slug: slug, min_version: horizon })
      .onConflict((oc) => oc.column('tenant_slug').doUpdateSet({ min_version: horizon }))
      .execute()
    await trx
      .updateTable('tenants')
      .set({
        name: tenant.name,
        theme: tenant.theme,
        logo_url: null,
        logo_letters: '',
        models_json: JSON.stringify({ seakeeper: defaultExpertModelConfig(), furuno: defaultExpertModelConfig() }),
        updated_at: now(),
      })
      .where('slug', '=', slug)
      .execute()
    await recordChange(trx, slug, 'tenantConfig', slug)
    await seedTenantContent(trx, slug)
  })
}
