import type { Db } from '../database.ts'

export interface IdempotencyClaim {
  userId: string
  key: string
  method: string
  path: string
  bodyHash: string
  at: string
}

/** Takes the key for this request; false when it is already taken. */
export async function claimIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      method: claim.method,
      path: claim.path,
      body_hash: claim.bodyHash,
      state: 'pending',
      status: null,
      response_body: null,
      created_at: claim.at,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}

export const findIdempotencyKey = (db: Db, userId: string, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst()

/**
 * Takes over a key still pending since before `leaseStart` (its request died with a crashed
 * process). Only one caller wins: the update matches the old claim time exactly.
 */
export async function takeOverStaleKey(
  db: Db,
  userId: string,
  key: string,
  claimedAt: string,
  leaseStart: string,
  at: string,
): Promise<boolean> {
  if (claimedAt >= leaseStart) return false
  const updated = await db
    .updateTable('idempotency_keys')
    .set({ created_at: at })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .where('created_at', '=', claimedAt)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows ?? 0) > 0
}

export const releaseIdempotencyKey = (db: Db, userId: string, key: string) =>
  db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute()

export const storeIdempotentAnswer = (db: Db, userId: string, key: string, status: number, body: string) =>
  db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status, response_body: body })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute()

/** At boot of the only process on this database: every pending key belongs to a request that died with the last one. */
export async function releasePendingIdempotencyKeys(db: Db): Promise<number> {
  const res = await db.deleteFrom('idempotency_keys').where('state', '=', 'pending').executeTakeFirst()
  return Number(res.numDeletedRows ?? 0)
}
