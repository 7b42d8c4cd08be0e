/**
 * Sign-out on a shared tablet: the user's databases and the remembered user are removed, so the
 * next person sees nothing of theirs. A database still holding changes the server has not
 * received is kept (if the user agrees), and drains when that user signs in again.
 */
import { forgetLastViews } from '../app/last-view/keep.ts'
import { closeLocalDb, LocalDb, openLocalDb } from '../db/local-db.ts'
import { forgetCurrentUser, forgetLocalDb, forgetRoles, listLocalDbs } from '../db/session-db.ts'
import { forgetDrafts } from '../lib/kept-draft.ts'

export const unsentChangesMessage = (count: number) =>
  `${count} change${count === 1 ? ' has' : 's have'} not reached the server yet. Sign out anyway and keep ${count === 1 ? 'it' : 'them'} on this device?`

async function pendingIn(db: LocalDb): Promise<number> {
  return db.outbox.where('state').equals('pending').count()
}

/**
 * Removes `userId`'s local data. When some of it is unsent, asks `confirmKeep(count)`: false
 * cancels the sign-out (nothing changes), true keeps the databases holding unsent changes and
 * removes the rest. Answers whether to go on signing out.
 */
export async function clearLocalDataForSignOut(
  userId: string,
  confirmKeep: (unsent: number) => boolean | Promise<boolean>,
): Promise<boolean> {
  const known = (await listLocalDbs()).filter((k) => k.userId === userId)
  const counts = await Promise.all(known.map((k) => pendingIn(openLocalDb(k.userId, k.tenant))))
  const unsent = counts.reduce((a, b) => a + b, 0)
  if (unsent > 0 && !(await confirmKeep(unsent))) return false
  for (const [i, k] of known.entries()) {
    if ((counts[i] ?? 0) > 0) continue
    closeLocalDb(openLocalDb(k.userId, k.tenant))
    await LocalDb.delete(k.name)
    await forgetLocalDb(k.name)
  }
  forgetLastViews(userId)
  forgetDrafts(userId)
  await forgetRoles(userId)
  await forgetCurrentUser()
  return true
}
