import type { MutationArgs } from '@mw/sync-protocol'
import type { AppDeps } from '../app-env.ts'
import { type Actor, isManagerOrAdmin } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { bytesStillUsed, deleteAttachment, findAttachment } from '../db/queries/attachments.ts'
import { findVisibleCase } from '../db/queries/cases.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { removeOriginal } from '../documents/originals.ts'
import { ApiError } from '../errors.ts'
import type { MutationOutcome } from './outcome.ts'

/**
 * Removes a photo or file of a case: its author, a Manager or an Admin. One that is gone (another
 * device removed it first) or on a case this person cannot see is left as it is and counts as
 * applied, so a removal queued offline never becomes a problem to solve and says nothing of other
 * people's files. The value names the bytes to let go once the transaction has committed.
 */
export async function removeAttachment(
  trx: Db,
  actor: Actor,
  { id }: MutationArgs<'attachment.delete'>,
): Promise<MutationOutcome<{ sha256: string } | null>> {
  const row = await findAttachment(trx, actor.tenant, id)
  if (!row || !(await findVisibleCase(trx, actor, row.case_id))) return { status: 'applied', value: null }
  if (row.created_by !== actor.userId && !isManagerOrAdmin(actor)) {
    throw new ApiError('forbidden', 'Only the person who added this file, a Manager or an Admin can remove it.')
  }
  await deleteAttachment(trx, row.id)
  await recordChange(trx, actor.tenant, 'attachment', row.id, 'delete')
  return { status: 'applied', value: { sha256: row.sha256 } }
}

/** After a removal committed: the stored bytes go unless another file or a manual still uses them. */
export async function releaseStoredBytes(deps: AppDeps, sha256: string): Promise<void> {
  if (!(await bytesStillUsed(deps.db, sha256))) removeOriginal(deps.env.documentsDir, sha256)
}
