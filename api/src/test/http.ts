import type { Db } from '../db/database.ts'
import type { createTestApp } from './test-app.ts'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export interface TestResponse {
  status: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely, then parse them with protocol schemas where it matters
  body: any
}

/**
 * Sends a request as the holder of `cookie` (or signed out with null). A string body is sent
 * as-is (malformed JSON tests); anything else is JSON-encoded. Bodies come back parsed.
 */
export async function send(
  t: TestApp,
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const init: RequestInit = { method, headers: { ...(cookie ? { cookie } : {}), ...headers } }
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body)
    init.headers = { 'content-type': 'application/json', ...init.headers }
  }
  const res = await t.app.request(path, init)
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null }
}

const DATA_TABLES = [
  'tenants',
  'tenant_logos',
  'memberships',
  'cases',
  'case_events',
  'conversations',
  'messages',
  'training_sets',
  'training_assignments',
  'change_log',
] as const

/** Every row a write could touch, as one string: equal fingerprints mean nothing changed. */
export async function fingerprint(db: Db): Promise<string> {
  const parts: unknown[] = []
  for (const table of DATA_TABLES) parts.push(await db.selectFrom(table).selectAll().execute())
  return JSON.stringify(parts)
}
