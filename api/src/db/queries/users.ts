import type { Role } from '@mw/sync-protocol'
import type { Db } from '../database.ts'

export async function listUserTenants(db: Db, userId: string) {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('tenants', 'tenants.slug', 'memberships.tenant_slug')
    .select(['tenants.slug', 'tenants.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .orderBy('tenants.slug')
    .execute()
  return rows.map((r) => ({ slug: r.slug, name: r.name, role: r.role as Role }))
}

export async function firstTenantOf(db: Db, userId: string): Promise<string | undefined> {
  return (await listUserTenants(db, userId))[0]?.slug
}

/** Signs a user out everywhere: every session of theirs ends. Returns how many ended. */
export async function endUserSessions(db: Db, userId: string): Promise<number> {
  const res = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows ?? 0)
}

export async function isMember(db: Db, tenant: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('tenant_slug', '=', tenant)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}
