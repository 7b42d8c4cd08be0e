import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../app-env.ts'
import type { Db } from '../db/database.ts'
import type { UserRow } from '../db/tables/user.table.ts'
import { daysAgo, now } from '../lib/time.ts'

export const SESSION_COOKIE = 'mw_session'
/** Longer than the 6-month offline window, so a tablet back from sea is still signed in. */
const SESSION_DAYS = 200

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

export async function startSession(c: Context<AppEnv>, userId: string, idToken: string | null = null) {
  const { db, env } = c.get('deps')
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('sessions')
    .values({ id_hash: hash(token), user_id: userId, id_token: idToken, created_at: now(), expires_at: daysAgo(-SESSION_DAYS) })
    .execute()
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: env.PUBLIC_URL?.startsWith('https:') ?? new URL(c.req.url).protocol === 'https:',
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  })
}

export async function findSessionUser(db: Db, token: string | undefined): Promise<UserRow | null> {
  if (!token) return null
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id_hash', '=', hash(token))
    .where('sessions.expires_at', '>', now())
    .executeTakeFirst()
  return row ?? null
}

/** Ends the session and returns its OpenID Connect id token (for the provider's logout). */
export async function endSession(c: Context<AppEnv>): Promise<string | null> {
  const token = getCookie(c, SESSION_COOKIE)
  deleteCookie(c, SESSION_COOKIE, { path: '/' })
  if (!token) return null
  const { db } = c.get('deps')
  const row = await db.selectFrom('sessions').select('id_token').where('id_hash', '=', hash(token)).executeTakeFirst()
  await db.deleteFrom('sessions').where('id_hash', '=', hash(token)).execute()
  return row?.id_token ?? null
}

export const sessionToken = (c: Context<AppEnv>) => getCookie(c, SESSION_COOKIE)
