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

const sessionUserRow = compiledOnce((db, idHash: string, tenant: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.user_id', '=', 'users.id').on('memberships.tenant_slug', '=', tenant),
    )
    .selectAll('users')
    .select([
      'sessions.created_at as session_created_at',
      'sessions.expires_at',
      'memberships.role as member_role',
      'memberships.deactivated_at as member_deactivated_at',
    ])
    .where('sessions.id_hash', '=', idHash),
)

/** What a membership says of the member's access: their role, and whether it is paused. */
export type MembershipAccess = Pick<MembershipRow, 'role' | 'deactivated_at'>

export interface SessionUser {
  user: UserRow
  /** When the session was started and when it ends unless renewed (ISO times). */
  createdAt: string
  expiresAt: string
  /** The user's membership of `tenant`, null when they have none. */
  membership: MembershipAccess | null
}

/**
 * The session `idHash` names, whether live or not (its times say), its user and, in the same
 * query, their membership of `tenant`: a request to a workspace needs both.
 */
export async function findSessionUser(db: Db, idHash: string, tenant: string): Promise<SessionUser | undefined> {
  const row = (await sessionUserRow(db, idHash, tenant))[0]
  if (!row) return undefined
  const { session_created_at, expires_at, member_role, member_deactivated_at, ...user } = row
  const membership = member_role === null ? null : { role: member_role, deactivated_at: member_deactivated_at }
  return { user, createdAt: session_created_at, expiresAt: expires_at, membership }
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
