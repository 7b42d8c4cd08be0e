import { hash as cryptoHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../app-env.ts'
import {
  deleteSession,
  extendSession,
  findSessionUser,
  insertSession,
  type SessionUser,
} from '../db/queries/sessions.ts'
import { deleteCookie, setCookie } from '../lib/cookies.ts'
import { DAY_MS, daysAgo, now } from '../lib/time.ts'

export const SESSION_COOKIE = 'mw_session'
/** Over https the cookie is bound to this exact origin (no Domain, Path=/, Secure). */
const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`

const hash = (token: string) => cryptoHash('sha256', token)

/** Secure whenever the app is served over https (PUBLIC_URL says so behind a TLS proxy). */
export function cookieSecure(c: Context<AppEnv>): boolean {
  // Both are whole URLs already: their scheme is read without parsing them on every request.
  return /^https:/i.test(c.get('deps').env.PUBLIC_URL || c.req.url)
}

/** Whether the request carries a session cookie at all (valid or not: that takes the database). */
export const hasSessionCookie = (c: Context<AppEnv>) =>
  getCookie(c, SESSION_COOKIE) !== undefined || getCookie(c, SECURE_SESSION_COOKIE) !== undefined

const cookieName = (c: Context<AppEnv>) => (cookieSecure(c) ? SECURE_SESSION_COOKIE : SESSION_COOKIE)
const readToken = (c: Context<AppEnv>) => getCookie(c, cookieName(c))
/** The idle limit: a session unused this long ends (SESSION_IDLE_DAYS, longer than the offline window). */
const idleDays = (c: Context<AppEnv>) => c.get('deps').env.SESSION_IDLE_DAYS

/** Starts a new session (a fresh token: any session the browser held before is ended, never reused). */
export async function startSession(c: Context<AppEnv>, userId: string, idToken: string | null = null) {
  const { db } = c.get('deps')
  const previous = readToken(c)
  if (previous) await deleteSession(db, hash(previous))
  const token = randomBytes(32).toString('base64url')
  await insertSession(db, { idHash: hash(token), userId, idToken, at: now(), expiresAt: daysAgo(-idleDays(c)) })
  setSessionCookie(c, token)
}

const setSessionCookie = (c: Context<AppEnv>, token: string) =>
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: cookieSecure(c),
    path: '/',
    maxAge: idleDays(c) * 24 * 60 * 60,
  })

/**
 * The signed-in user and their membership of `tenant` (any string; '' for none), or null. A
 * session in use is renewed once less than half its idle life is left, so a tablet used every week
 * stays signed in; one left unused for SESSION_IDLE_DAYS ends, and every session ends
 * SESSION_MAX_DAYS after sign-in however much it is used.
 */
export async function sessionUser(c: Context<AppEnv>, tenant: string): Promise<SessionUser | null> {
  const token = readToken(c)
  if (!token) return null
  const { db, env } = c.get('deps')
  const found = await findSessionUser(db, hash(token), tenant)
  if (!found) return null
  // The limits are compared as times on the row, not in SQL: formatting them as ISO strings on
  // every request cost about as much as the lookup's SQL.
  const at = Date.now()
  const expires = Date.parse(found.expiresAt)
  if (expires <= at || Date.parse(found.createdAt) <= at - env.SESSION_MAX_DAYS * DAY_MS) return null
  if (expires < at + (idleDays(c) / 2) * DAY_MS) {
    await extendSession(db, hash(token), daysAgo(-idleDays(c)))
    setSessionCookie(c, token)
  }
  return found
}

/** Ends the session and returns its OpenID Connect id token (for the provider's logout). */
export async function endSession(c: Context<AppEnv>): Promise<string | null> {
  const token = readToken(c)
  deleteCookie(c, cookieName(c), { path: '/', secure: cookieSecure(c) })
  if (!token) return null
  const { db } = c.get('deps')
  return deleteSession(db, hash(token))
}

/** Where a sign-in lands: the user's first tenant, or the home page for a user in none yet. */
export const landingPath = (tenant: string | undefined) => (tenant ? `/t/${tenant}` : '/')
