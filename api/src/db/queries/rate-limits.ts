import { sql } from 'kysely'
import { type Db, isPostgres } from '../database.ts'

export interface Budget {
  perMinute: number
  burst: number
}

/**
 * Takes one token from the bucket `key` (refilled continuously up to its burst): 0 when there was
 * one, else the seconds until there is. One statement, so instances taking at once never both get
 * the last token.
 */
export async function takeToken(db: Db, key: string, budget: Budget, nowMs: number): Promise<number> {
  const rate = budget.perMinute / 60_000
  const smaller = isPostgres(db) ? sql.raw('least') : sql.raw('min')
  const level = sql`${smaller}(CAST(${budget.burst} AS DOUBLE PRECISION), rate_limit_buckets.tokens + (CAST(${nowMs} AS BIGINT) - rate_limit_buckets.at) * CAST(${rate} AS DOUBLE PRECISION))`
  const { rows } = await sql<{ granted: number; tokens: number }>`
    INSERT INTO rate_limit_buckets (key, tokens, at, granted)
    VALUES (${key}, CAST(${budget.burst - 1} AS DOUBLE PRECISION), CAST(${nowMs} AS BIGINT), 1)
    ON CONFLICT (key) DO UPDATE SET
      granted = CASE WHEN ${level} >= 1 THEN 1 ELSE 0 END,
      tokens = CASE WHEN ${level} >= 1 THEN ${level} - 1 ELSE ${level} END,
      at = CAST(${nowMs} AS BIGINT)
    RETURNING granted, tokens`.execute(db)
  const row = rows[0]
  if (!row || Number(row.granted) === 1) return 0
  return Math.max(1, Math.ceil((1 - Number(row.tokens)) / rate / 1000))
}

/**
 * Opens an answer-stream slot unless the user or the tenant already has `caps` open (slots of an
 * instance that died stop counting when their lease runs out): null when opened, else whose cap
 * was reached.
 */
export async function openStreamSlot(
  db: Db,
  slot: { id: string; userKey: string; tenantKey: string },
  caps: { user: number; tenant: number },
  nowMs: number,
  leaseMs: number,
): Promise<'user' | 'tenant' | null> {
  const open = (column: 'user_key' | 'tenant_key', value: string) =>
    db
      .selectFrom('stream_slots')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', value)
      .where('expires_at', '>', nowMs)
      .executeTakeFirstOrThrow()
  if (Number((await open('user_key', slot.userKey)).n) >= caps.user) return 'user'
  if (Number((await open('tenant_key', slot.tenantKey)).n) >= caps.tenant) return 'tenant'
  await db
    .insertInto('stream_slots')
    .values({ id: slot.id, user_key: slot.userKey, tenant_key: slot.tenantKey, expires_at: nowMs + leaseMs })
    .execute()
  return null
}

export async function closeStreamSlot(db: Db, id: string): Promise<void> {
  await db.deleteFrom('stream_slots').where('id', '=', id).execute()
}

/** Buckets untouched since `beforeMs` are full again anyway, and expired slots count for nothing. */
export async function pruneRateLimits(db: Db, beforeMs: number): Promise<void> {
  await db.deleteFrom('rate_limit_buckets').where('at', '<', beforeMs).execute()
  await db.deleteFrom('stream_slots').where('expires_at', '<', beforeMs).execute()
}
