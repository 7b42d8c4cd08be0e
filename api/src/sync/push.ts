/**
 * The sync push: applies a device's queued mutations exactly once, in seq order, in one
 * transaction. Every mid is remembered with its outcome, so a replayed batch (an answer lost
 * after commit, two tabs sending at once) answers `duplicate` and changes nothing.
 */
import { idSchema, type Mutation, mutationSchema, type PushAnswer, type PushResult } from '@mw/sync-protocol'
import { z } from 'zod'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { withDeferredVersions } from '../db/queries/change-log.ts'
import {
  claimDevice,
  findDevice,
  findSyncMutation,
  insertSyncMutation,
  updateDevice,
  withSavepoint,
} from '../db/queries/sync.ts'
import { ApiError } from '../errors.ts'
import { now } from '../lib/time.ts'
import { applyMutation } from '../mutations/apply-mutation.ts'
import { type PreparedImages, prepareImages } from '../mutations/image-uploads.ts'

const envelopeSchema = z.object({ mid: idSchema, seq: z.number().int().min(1) })

type Outcome = 'applied' | 'rejected' | 'conflict'
interface StoredResult {
  reason?: string
  code?: string
}

export interface PushOutput {
  answer: PushAnswer
  /** Chat messages stored by this push, to be answered after commit. */
  newMessages: string[]
  /** The stored bytes of files this push removed, to let go after commit (releaseStoredBytes). */
  removedFiles: string[]
}

export async function pushMutations(db: Db, actor: Actor, deviceId: string, mutations: unknown[]): Promise<PushOutput> {
  const images = await prepareImages(mutations)
  return db.transaction().execute(async (trx) => {
    const at = now()
    // A device's first push sets its starting point: a device that re-registers under a new id
    // (after a gap it cannot fill) keeps its queued seqs.
    const firstSeq = (mutations[0] as { seq?: unknown })?.seq
    const startSeq = typeof firstSeq === 'number' && Number.isInteger(firstSeq) && firstSeq > 0 ? firstSeq - 1 : 0
    const device = await claimDevice(trx, {
      id: deviceId,
      userId: actor.userId,
      tenant: actor.tenant,
      at,
      lastSeq: startSeq,
    })
    if (device.user_id !== actor.userId || device.tenant_slug !== actor.tenant) {
      throw new ApiError('forbidden', 'This device is registered to another account. Sign out and sign in again on it.')
    }
    let lastSeq = device.last_seq
    const results: PushResult[] = []
    const newMessages: string[] = []
    const removedFiles: string[] = []
    const deviceActor: Actor = { ...actor, deviceId }

    await withDeferredVersions(trx, async () => {
      for (const raw of mutations) {
        const envelope = envelopeSchema.safeParse(raw)
        if (!envelope.success) {
          const mid = typeof (raw as { mid?: unknown })?.mid === 'string' ? (raw as { mid: string }).mid : ''
          results.push({
            mid,
            status: 'rejected',
            code: 'invalid_input',
            reason: 'This change is malformed: it has no valid id or sequence number.',
          })
          continue
        }
        const { mid, seq } = envelope.data
        const known = await findSyncMutation(trx, mid)
        if (known) {
          if (known.device_id !== deviceId && !(await sameOwner(trx, known.device_id, actor))) {
            results.push({
              mid,
              status: 'rejected',
              code: 'conflict',
              reason: 'Another device already sent a change with this id.',
            })
            continue
          }
          const stored = JSON.parse(known.result_json) as StoredResult
          if (seq === lastSeq + 1) lastSeq = seq
          results.push({ mid, status: 'duplicate', outcome: known.status as Outcome, ...stored })
          continue
        }
        if (seq <= lastSeq) {
          results.push({
            mid,
            status: 'rejected',
            code: 'conflict',
            reason: 'This change arrived after later changes from the same device and was not applied.',
          })
          continue
        }
        if (seq !== lastSeq + 1) {
          results.push({ mid, status: 'gap', expectedSeq: lastSeq + 1 })
          break
        }
        const { status, result, value } = await applyOne(trx, deviceActor, raw, images)
        await insertSyncMutation(trx, {
          mid,
          deviceId,
          seq,
          type: String((raw as { type?: unknown }).type ?? ''),
          status,
          result,
          at,
        })
        lastSeq = seq
        results.push({ mid, status, ...result })
        const parsed = raw as { type: string; args: { messageId: string } }
        if (status === 'applied' && parsed.type === 'chat.send') newMessages.push(parsed.args.messageId)
        const removed = value as { sha256?: unknown } | null
        if (parsed.type === 'attachment.delete' && typeof removed?.sha256 === 'string')
          removedFiles.push(removed.sha256)
      }
    })
    await updateDevice(trx, deviceId, lastSeq, at)
    return { answer: { results, lastSeq }, newMessages, removedFiles }
  })
}

async function applyOne(
  trx: Db,
  actor: Actor,
  raw: unknown,
  images: PreparedImages,
): Promise<{ status: Outcome; result: StoredResult; value?: unknown }> {
  const parsed = mutationSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.join('.')
    return {
      status: 'rejected',
      result: {
        code: 'invalid_input',
        reason: `This change is not valid${field ? ` (${field})` : ''}: ${issue?.message ?? 'unknown problem'}.`,
      },
    }
  }
  try {
    const outcome = await withSavepoint(trx, () => applyMutation(trx, actor, parsed.data as Mutation, images))
    return outcome.status === 'conflict'
      ? { status: 'conflict', result: { reason: outcome.reason } }
      : { status: 'applied', result: {}, value: outcome.value }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { status: 'rejected', result: { code: error.code, reason: error.message } }
  }
}

/** A device that renumbered its queue under a new id still owns the mids it sent before. */
async function sameOwner(trx: Db, otherDeviceId: string, actor: Actor) {
  const other = await findDevice(trx, otherDeviceId)
  return other?.user_id === actor.userId && other.tenant_slug === actor.tenant
}
