import type { Db } from '../db/database.ts'
import { ApiError } from '../errors.ts'
import type { MutationOutcome } from './outcome.ts'

/**
 * Runs one mutation for a REST write in its own transaction and returns the resulting entity.
 * A conflict commits (its history entry must stay) and then answers 409 with the reason.
 */
export async function runMutation<T>(db: Db, mutation: (trx: Db) => Promise<MutationOutcome<T>>): Promise<T> {
  const outcome = await db.transaction().execute(mutation)
  if (outcome.status === 'conflict') throw new ApiError('conflict', outcome.reason)
  return outcome.value
}
