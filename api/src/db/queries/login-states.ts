import type { Db } from '../database.ts'

/** Saves a sign-in in progress, dropping those older than `staleBefore`. */
export async function saveLoginState(
  db: Db,
  login: { state: string; codeVerifier: string; nonce: string; at: string },
  staleBefore: string,
): Promise<void> {
  await db.deleteFrom('login_states').where('created_at', '<', staleBefore).execute()
  await db
    .insertInto('login_states')
    .values({
      state: login.state,
      code_verifier: login.codeVerifier,
      nonce: login.nonce,
      return_to: '/',
      created_at: login.at,
    })
    .execute()
}

/** Takes a sign-in in progress (once: it is deleted), if it is newer than `since`. */
export async function takeLoginState(db: Db, state: string, since: string) {
  const login = await db
    .selectFrom('login_states')
    .selectAll()
    .where('state', '=', state)
    .where('created_at', '>', since)
    .executeTakeFirst()
  await db.deleteFrom('login_states').where('state', '=', state).execute()
  return login
}
