import {
  type Branding,
  defaultExpertModelConfig,
  type ExpertModelConfig,
  type Role,
  type TenantConfig,
  type TenantUser,
} from '@mw/sync-protocol'
import type { Insertable } from 'kysely'
import { compiledOnce } from '../compiled-once.ts'
import { type Db, isPostgres } from '../database.ts'
import type { TenantLogoTable, TenantRow, TenantTable } from '../tables/tenant.table.ts'
import { type PageRequest, pagedList, WHOLE_LIST } from './paging.ts'

export const findTenant = (db: Db, slug: string) =>
  db.selectFrom('tenants').selectAll().where('slug', '=', slug).executeTakeFirst()

export function parseModels(row: Pick<TenantRow, 'models_json'>): TenantConfig['models'] {
  const stored = JSON.parse(row.models_json) as Partial<Record<'seakeeper' | 'furuno', ExpertModelConfig>>
  return {
    seakeeper: stored.seakeeper ?? defaultExpertModelConfig(),
    furuno: stored.furuno ?? defaultExpertModelConfig(),
  }
}

export const toBranding = (row: TenantRow): Branding => ({
  name: row.name,
  theme: row.theme as Branding['theme'],
  logoUrl: row.logo_url,
  logoLetters: row.logo_letters,
  accentColor: row.accent_color,
})

export const toTenantConfig = (row: TenantRow): TenantConfig => ({
  branding: toBranding(row),
  models: parseModels(row),
})

const membership = compiledOnce((db, tenant: string, userId: string) =>
  db.selectFrom('memberships').selectAll().where('tenant_slug', '=', tenant).where('user_id', '=', userId),
)

/** Read on every request to a workspace: compiled once. */
export async function findMembership(db: Db, tenant: string, userId: string) {
  return (await membership(db, tenant, userId))[0]
}

const tenantUserColumns = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.profile_image_url',
  'memberships.role',
  'memberships.created_at',
  'memberships.deactivated_at',
] as const

const tenantUsersPage = pagedList(
  { sort: 'users.email', id: 'users.id', desc: false },
  (db, _shape: null, tenant: string) =>
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(tenantUserColumns)
      .where('memberships.tenant_slug', '=', tenant),
)

export async function listTenantUsers(db: Db, tenant: string, page: PageRequest = WHOLE_LIST): Promise<TenantUser[]> {
  const rows = await tenantUsersPage(db, null, page, tenant)
  return rows.map(toTenantUser)
}

/** Holds the tenant's row until the transaction ends (PostgreSQL; SQLite has one writer at a time anyway). */
export async function lockTenant(trx: Db, tenant: string): Promise<void> {
  const query = trx.selectFrom('tenants').select('slug').where('slug', '=', tenant)
  await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst()
}

export async function findTenantUser(db: Db, tenant: string, userId: string): Promise<TenantUser | undefined> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(tenantUserColumns)
    .where('memberships.tenant_slug', '=', tenant)
    .where('users.id', '=', userId)
    .executeTakeFirst()
  return row && toTenantUser(row)
}

function toTenantUser(row: {
  id: string
  first_name: string | null
  last_name: string | null
  email: string
  profile_image_url: string | null
  role: string
  created_at: string
  deactivated_at: string | null
}): TenantUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role as Role,
    createdAt: row.created_at,
    profileImageUrl: row.profile_image_url,
    deactivatedAt: row.deactivated_at,
  }
}

export async function updateTenant(
  db: Db,
  slug: string,
  fields: Partial<Pick<TenantRow, 'name' | 'theme' | 'logo_url' | 'logo_letters' | 'accent_color' | 'models_json'>>,
  at: string,
): Promise<void> {
  await db
    .updateTable('tenants')
    .set({ ...fields, updated_at: at })
    .where('slug', '=', slug)
    .execute()
}

export async function setMemberRole(db: Db, tenant: string, userId: string, role: string, scopeVersion: number) {
  await db
    .updateTable('memberships')
    .set({ role, scope_version: scopeVersion })
    .where('tenant_slug', '=', tenant)
    .where('user_id', '=', userId)
    .execute()
}

export async function insertTenant(db: Db, row: Insertable<TenantTable>): Promise<void> {
  await db.insertInto('tenants').values(row).execute()
}

export async function anyTenant(db: Db): Promise<boolean> {
  return (await db.selectFrom('tenants').select('slug').limit(1).executeTakeFirst()) !== undefined
}

/** Adds a membership, or changes its role when the user is a member already. */
export async function upsertMembership(
  db: Db,
  m: { tenant: string; userId: string; role: string; scopeVersion: number; at: string },
) {
  await db
    .insertInto('memberships')
    .values({ tenant_slug: m.tenant, user_id: m.userId, role: m.role, scope_version: m.scopeVersion, created_at: m.at })
    .onConflict((oc) =>
      oc.columns(['tenant_slug', 'user_id']).doUpdateSet({ role: m.role, scope_version: m.scopeVersion }),
    )
    .execute()
}

export async function setMembershipDeactivated(db: Db, tenant: string, userId: string, at: string | null) {
  await db
    .updateTable('memberships')
    .set({ deactivated_at: at })
    .where('tenant_slug', '=', tenant)
    .where('user_id', '=', userId)
    .execute()
}

export async function deleteMembership(db: Db, tenant: string, userId: string): Promise<void> {
  await db.deleteFrom('memberships').where('tenant_slug', '=', tenant).where('user_id', '=', userId).execute()
}

export const findTenantLogo = (db: Db, tenant: string) =>
  db.selectFrom('tenant_logos').selectAll().where('tenant_slug', '=', tenant).executeTakeFirst()

export async function saveTenantLogo(db: Db, logo: Insertable<TenantLogoTable>) {
  await db
    .insertInto('tenant_logos')
    .values(logo)
    .onConflict((oc) =>
      oc.column('tenant_slug').doUpdateSet({
        media_type: logo.media_type,
        bytes: logo.bytes,
        sha256: logo.sha256,
        updated_at: logo.updated_at,
      }),
    )
    .execute()
}

export async function deleteTenantLogo(db: Db, tenant: string) {
  await db.deleteFrom('tenant_logos').where('tenant_slug', '=', tenant).execute()
}
