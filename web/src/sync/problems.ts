import type { LocalDb } from '../db/local-db.ts'
import { enqueueMutations, type NewMutation } from './outbox.ts'

/**
 * Sends a rejected or conflicting change again, as a new mutation at the end of the queue. A
 * status change carries the version this device sees now, so it applies over the other change.
 */
export async function retryMutation(db: LocalDb, mid: string): Promise<string | null> {
  const entry = await db.outbox.where('mid').equals(mid).first()
  if (!entry || (entry.state !== 'rejected' && entry.state !== 'conflict')) return null
  let baseVersion = entry.baseVersion
  if (entry.type === 'case.setStatus') baseVersion = (await db.cases.get(entry.args.caseId))?.version ?? null
  const again = { type: entry.type, args: entry.args, baseVersion } as NewMutation
  await db.outbox.delete(entry.seq)
  const [newMid] = await enqueueMutations(db, [again])
  return newMid ?? null
}

/** Drops a rejected or conflicting change; its local effect was already undone when the server answered. */
export async function discardMutation(db: LocalDb, mid: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.where('mid').equals(mid).first()
    if (entry && (entry.state === 'rejected' || entry.state === 'conflict')) await db.outbox.delete(entry.seq)
  })
}
