import { compiledOnce } from '../compiled-once.ts'
import type { Db } from '../database.ts'
import type { MembershipRow, UserRow } from '../tables/user.table.ts'

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

const liveSessionUser = compiledOnce((db, idHash: string, at: string, startedAfter: string, tenant: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.user_id', '=', 'users.id').on('memberships.tenant_slug', '=', tenant),
    )
    .selectAll('users')
    .select([
      'sessions.expires_at',
      'memberships.role as member_role',
      'memberships.deactivated_at as member_deactivated_at',
    ])
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', at)
    .where('sessions.created_at', '>', startedAfter),
)

/** What a membership says of the member's access: their role, and whether it is paused. */
export type MembershipAccess = Pick<MembershipRow, 'role' | 'deactivated_at'>

export interface SessionUser {
  user: UserRow
  expiresAt: string
  /** The user's membership of `tenant`, null when they have none. */
  membership: MembershipAccess | null
}

/**
 * The user of a live session (not expired, started after `startedAfter`) and, in the same
 * query, their membership of `tenant`: a request to a workspace needs both.
 */
export async function findSessionUser(
  db: Db,
  idHash: string,
  at: string,
  startedAfter: string,
  tenant: string,
): Promise<SessionUser | undefined> {
  const row = (await liveSessionUser(db, idHash, at, startedAfter, tenant))[0]
  if (!row) return undefined
  const { expires_at, member_role, member_deactivated_at, ...user } = row
  const membership = member_role === null ? null : { role: member_role, deactivated_at: member_deactivated_at }
  return { user, expiresAt: expires_at, membership }
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
