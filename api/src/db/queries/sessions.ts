import { compiledOnce } from '../compiled-once.ts'
import type { Db } from '../database.ts'
import type { UserRow } from '../tables/user.table.ts'

export async function insertSession(
  db: Db,
  session: { idHash: string; userId: string; idToken: string | null; at: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      id_token: session.idToken,
      created_at: session.at,
      expires_at: session.expiresAt,
    })
    .execute()
}

const liveSessionUser = compiledOnce((db, idHash: string, at: string, startedAfter: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at')
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', at)
    .where('sessions.created_at', '>', startedAfter),
)

/** The user of a live session: not expired, and started after `startedAfter`. */
export async function findSessionUser(
  db: Db,
  idHash: string,
  at: string,
  startedAfter: string,
): Promise<(UserRow & { expires_at: string }) | undefined> {
  return (await liveSessionUser(db, idHash, at, startedAfter))[0]
}

export async function extendSession(db: Db, idHash: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id_hash', '=', idHash).execute()
}

/** Deletes a session and returns the OpenID Connect id token it held, if any. */
export async function deleteSession(db: Db, idHash: string): Promise<string | null> {
  const row = await db.selectFrom('sessions').select('id_token').where('id_hash', '=', idHash).executeTakeFirst()
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute()
  return row?.id_token ?? null
}
