import type { Role } from '@mw/sync-protocol'
import { type Insertable, sql } from 'kysely'
import type { Db } from '../database.ts'
import type { UserTable } from '../tables/user.table.ts'

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

/** Whether the user belongs to a workspace other than `tenant` (whose Admin does not govern their sessions). */
export async function isMemberElsewhere(db: Db, tenant: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('tenant_slug', '!=', tenant)
    .executeTakeFirst()
  return row !== undefined
}

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst()

/** Every membership with its user, for the local sign-in page's buttons. */
export const listMembersForSignIn = (db: Db) =>
  db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .select(['users.email', 'users.first_name', 'users.last_name', 'memberships.role', 'memberships.tenant_slug'])
    .orderBy('memberships.tenant_slug')
    .orderBy('users.email')
    .execute()

export const findUserBySubject = (db: Db, subject: string) =>
  db.selectFrom('users').select('id').where('oidc_subject', '=', subject).executeTakeFirst()

export const findUserLink = (db: Db, email: string) =>
  db
    .selectFrom('users')
    .select(['id', 'oidc_subject'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()

export async function linkUserSubject(db: Db, userId: string, subject: string): Promise<void> {
  await db.updateTable('users').set({ oidc_subject: subject }).where('id', '=', userId).execute()
}

export async function insertUser(db: Db, row: Insertable<UserTable>): Promise<void> {
  await db.insertInto('users').values(row).execute()
}

/** A tenant's members' ids and e-mails. */
export const listMemberEmails = (db: Db, tenant: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email'])
    .where('memberships.tenant_slug', '=', tenant)
    .execute()

/** People's names (else their e-mail) by id, for documents that name who did what. */
export async function displayNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((p) => [p.id, [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email]))
}
