import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../app.ts'
import type { AppDeps } from '../app-env.ts'
import { findUserByEmail } from '../db/queries/users.ts'
import { loadEnv } from '../env.ts'
import { seedKnowledgePacks } from '../experts/packs.ts'
import { createLogger } from '../lib/logger.ts'
import { type SEED_USERS, seedIfEmpty } from '../seed/seed.ts'
import { testDatabase } from './test-database.ts'

/**
 * A real app over a real, migrated and seeded database of its own (a SQLite file, or PostgreSQL), and a helper that
 * signs in as a seeded user through the real local sign-in and returns their cookie.
 */
export async function createTestApp(
  overrides: Partial<AppDeps> = {},
  envOverrides: Record<string, string> = {},
  options: { knowledge?: boolean } = {},
) {
  // A database given (a file, an unmigrated one, PostgreSQL in a benchmark) is used as it is.
  const db = overrides.db ?? (await testDatabase())
  if (!overrides.db) await seedIfEmpty(db)
  // Budgets off unless a test turns them on: fuzz and load tests send far more than a person would.
  const env = loadEnv({
    // Uploaded manuals are kept here; the database file is test-database.ts's.
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mw-test-')),
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RATE_LIMITS: 'off',
    ...envOverrides,
  })
  const deps: AppDeps = { env, log: createLogger(env), ...overrides, db }
  if (options.knowledge) for (const tenant of ['demo', 'harbor']) await seedKnowledgePacks(deps, tenant)
  const app = createApp(deps)

  async function signIn(email: (typeof SEED_USERS)[number]['email'] | string): Promise<string> {
    const res = await app.request('/api/login/local', {
      method: 'POST',
      body: new URLSearchParams({ email }),
    })
    const cookie = res.headers.get('set-cookie')?.split(';')[0]
    if (res.status !== 303 || !cookie) throw new Error(`sign-in as ${email} failed: ${res.status}`)
    return cookie
  }

  async function userId(email: string): Promise<string> {
    const row = await findUserByEmail(db, email)
    if (!row) throw new Error(`no user ${email}`)
    return row.id
  }

  /** A JSON request to a workspace's API (`route` after /api/t/{tenant}) as the cookie's user. */
  const call = (
    method: string,
    route: string,
    cookie: string,
    body?: unknown,
    { tenant = 'demo', headers = {} }: { tenant?: string; headers?: Record<string, string> } = {},
  ) =>
    app.request(`/api/t/${tenant}${route}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })

  return { app, db, deps, signIn, userId, call }
}
