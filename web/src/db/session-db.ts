/**
 * Remembers, on this device, the last signed-in user and their role per tenant, so the app can
 * start with no network (a technician at sea is never sent to the landing page because the
 * server cannot be reached). One small database shared by every user of the device.
 */
import { type CurrentUser, currentUserSchema, type Role, roleSchema } from '@mw/sync-protocol'
import { Dexie, type Table } from 'dexie'

interface SessionRow {
  key: string
  value: unknown
}

class SessionDb extends Dexie {
  entries!: Table<SessionRow, string>

  constructor() {
    super('mw:session')
    this.version(1).stores({ entries: 'key' })
  }
}

let db: SessionDb | null = null
const sessionDb = () => {
  db ??= new SessionDb()
  return db
}

const USER_KEY = 'lastUser'
const roleKey = (userId: string, tenant: string) => `role:${userId}:${tenant}`

export async function rememberSignedInUser(user: CurrentUser): Promise<void> {
  await sessionDb().entries.put({ key: USER_KEY, value: user })
}

export async function lastSignedInUser(): Promise<CurrentUser | null> {
  const row = await sessionDb().entries.get(USER_KEY)
  const parsed = currentUserSchema.safeParse(row?.value)
  return parsed.success ? parsed.data : null
}

/** Sign-out forgets the user, so the next offline start shows the landing page. */
export async function forgetSignedInUser(): Promise<void> {
  await sessionDb().entries.delete(USER_KEY)
}

export async function rememberTenantRole(userId: string, tenant: string, role: Role): Promise<void> {
  await sessionDb().entries.put({ key: roleKey(userId, tenant), value: role })
}

export async function lastTenantRole(userId: string, tenant: string): Promise<Role | null> {
  const row = await sessionDb().entries.get(roleKey(userId, tenant))
  const parsed = roleSchema.safeParse(row?.value)
  return parsed.success ? parsed.data : null
}
