/**
 * The outbox: the one write path of the app. A mutation is applied to the local rows and queued
 * in the same transaction (the server's copy of each touched row is kept first, see rebase.ts).
 */
import { type MutationInput, type MutationType, mutationArgsSchemas } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { type LocalDb, type OutboxEntry, SYNC_STATE_KEY, tableFor } from '../db/local-db.ts'
import { applyLocally, parseRowKey, touchedKeys } from './optimistic.ts'
import { readSyncState } from './sync-state.ts'
import { reportStorageProblem } from './sync-store.ts'
import { notifyLocalWrite } from './write-signal.ts'

export type NewMutation = {
  [T in MutationType]: { type: T; args: MutationInput<T>; baseVersion?: number | null }
}[MutationType]

/** Queues one mutation (see enqueueMutations) and returns its mid. */
export async function enqueueMutation(db: LocalDb, mutation: NewMutation): Promise<string> {
  const [mid] = await enqueueMutations(db, [mutation])
  return mid as string
}

/**
 * Writes the optimistic change and queues the mutations, all or nothing; returns their mids.
 * Arguments are parsed with the protocol schema first (trimmed, normalised; a ZodError if invalid).
 */
export async function enqueueMutations(db: LocalDb, mutations: NewMutation[]): Promise<string[]> {
  const parsed = mutations.map((m) => ({ ...m, args: mutationArgsSchemas[m.type].parse(m.args) }))
  const mids = await db
    .transaction('rw', db.tables, async () => {
      const state = await readSyncState(db)
      const out: string[] = []
      let seq = state.lastSeq
      for (const m of parsed) {
        seq += 1
        const entry = {
          seq,
          mid: uuidv7(),
          type: m.type,
          args: m.args,
          baseVersion: m.baseVersion ?? null,
          createdAt: new Date().toISOString(),
          state: 'pending',
          attempts: 0,
        } as OutboxEntry
        await keepBases(db, touchedKeys(entry))
        await applyLocally(db, entry)
        await db.outbox.add(entry)
        out.push(entry.mid)
      }
      await db.syncState.put({ ...state, lastSeq: seq }, SYNC_STATE_KEY)
      return out
    })
    .catch((error: unknown) => {
      // The caller still gets the error (nothing was saved); the shell says why.
      reportStorageProblem(error)
      throw error
    })
  notifyLocalWrite(db)
  return mids
}

/** Remembers the server's copy of rows about to change optimistically (once per row). */
async function keepBases(db: LocalDb, keys: string[]) {
  for (const key of keys) {
    if (await db.bases.get(key)) continue
    const { entity, id } = parseRowKey(key)
    const row = await tableFor(db, entity).get(id)
    await db.bases.put({ key, row: row ?? null })
  }
}
