/**
 * The small global database every context can open without knowing who is signed in: the last
 * signed-in user and their role per tenant (so the app starts offline), and the list of
 * (user, tenant) databases on this device (the service worker drains each of them).
 */
import { type CurrentUser, currentUserSchema, type Role } from '@mw/sync-protocol'
import { Dexie, type Table } from 'dexie'
import { localDbName } from './local-db.ts'

export interface KnownDb {
  name: string
  userId: string
  tenant: string
}

interface SessionRow {
  key: 'current'
  user: CurrentUser
  signedInAt: string
}

class SessionDb extends Dexie {
  session!: Table<SessionRow, string>
  roles!: Table<{ userId: string; tenant: string; role: Role }, [string, string]>
  databases!: Table<KnownDb, string>

  constructor() {
    super('mw-session')
    this.version(1).stores({ session: 'key', roles: '[userId+tenant]', databases: 'name, userId' })
  }
}

export const sessionDb = new SessionDb()

/**
 * A copy of the remembered user in the page's localStorage, read without waiting: a warm start
 * draws the shell from it before IndexedDB has opened. The service worker has no localStorage
 * and reads the database.
 */
const QUICK_KEY = 'mw:remembered-user'
const pageStorage = () => (typeof localStorage === 'undefined' ? undefined : localStorage)

/** The remembered user if this page has a valid copy; undefined otherwise (then ask `lastSignedInUser`). */
export function rememberedUserNow(): CurrentUser | undefined {
  try {
    const saved = pageStorage()?.getItem(QUICK_KEY)
    return saved ? currentUserSchema.parse(JSON.parse(saved)) : undefined
  } catch {
    return undefined
  }
}

/** Remembers the user and their roles after a successful GET /api/auth/user. */
export async function rememberSignIn(user: CurrentUser) {
  await sessionDb.transaction('rw', sessionDb.session, sessionDb.roles, async () => {
    await sessionDb.session.put({ key: 'current', user, signedInAt: new Date().toISOString() })
    await sessionDb.roles.where('userId').equals(user.id).delete()
    await sessionDb.roles.bulkPut(user.tenants.map((t) => ({ userId: user.id, tenant: t.slug, role: t.role })))
  })
  try {
    pageStorage()?.setItem(QUICK_KEY, JSON.stringify(user))
  } catch {
    // A full or blocked localStorage only costs the quick start.
  }
}

export async function rememberRole(userId: string, tenant: string, role: Role) {
  await sessionDb.roles.put({ userId, tenant, role })
}

export async function lastSignedInUser(): Promise<CurrentUser | undefined> {
  return (await sessionDb.session.get('current'))?.user
}

export async function rememberedRole(userId: string, tenant: string): Promise<Role | undefined> {
  return (await sessionDb.roles.get([userId, tenant]))?.role
}

export async function registerLocalDb(userId: string, tenant: string) {
  await sessionDb.databases.put({ name: localDbName(userId, tenant), userId, tenant })
}

export const listLocalDbs = (): Promise<KnownDb[]> => sessionDb.databases.toArray()

export async function forgetLocalDb(name: string) {
  await sessionDb.databases.delete(name)
}

export async function forgetCurrentUser() {
  pageStorage()?.removeItem(QUICK_KEY)
  await sessionDb.session.delete('current')
}

export async function forgetRoles(userId: string) {
  await sessionDb.roles.where('userId').equals(userId).delete()
}
