/**
 * Keeps the device within the 6-month offline window: rows untouched for RETENTION_DAYS are
 * removed locally (the server keeps them). Never removes a row a queued change touches, an open
 * case, or the history and messages of a row that stays.
 */
import { RETENTION_DAYS } from '@mw/sync-protocol'
import type { LocalDb } from '../db/local-db.ts'
import { parseRowKey, touchedKeys } from './optimistic.ts'

export async function pruneLocalData(db: LocalDb, nowMs = Date.now()) {
  const cutoff = new Date(nowMs - RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString()
  return db.transaction('rw', db.tables, async () => {
    const held = new Set<string>()
    for (const entry of await db.outbox.toArray()) for (const key of touchedKeys(entry)) held.add(parseRowKey(key).id)
    const cases = (await db.cases.where('updatedAt').below(cutoff).toArray()).filter(
      (c) => c.status === 'Resolved' && !held.has(c.id),
    )
    const caseIds = cases.map((c) => c.id)
    await db.cases.bulkDelete(caseIds)
    await db.caseEvents.where('caseId').anyOf(caseIds).delete()
    await db.attachments.where('caseId').anyOf(caseIds).delete()
    // Bytes of files no longer listed (pruned, removed, or given up) and images of sets gone.
    const listed = new Set([
      ...(await db.attachments.toCollection().primaryKeys()),
      ...(await db.uploads.toCollection().primaryKeys()),
    ])
    await db.fileBlobs.bulkDelete((await db.fileBlobs.toCollection().primaryKeys()).filter((id) => !listed.has(id)))
    const linked = new Set((await db.cases.toArray()).map((c) => c.conversationId))
    const conversations = (await db.conversations.where('updatedAt').below(cutoff).toArray()).filter(
      (c) => !held.has(c.id) && !linked.has(c.id),
    )
    const conversationIds = conversations.map((c) => c.id)
    await db.conversations.bulkDelete(conversationIds)
    await db.messages.where('conversationId').anyOf(conversationIds).delete()
    const assignments = (await db.assignments.toArray()).filter(
      (a) => a.completed && a.createdAt < cutoff && !held.has(a.id),
    )
    await db.assignments.bulkDelete(assignments.map((a) => a.id))
    const assigned = new Set((await db.assignments.toArray()).map((a) => a.setId))
    const sets = (await db.trainingSets.where('createdAt').below(cutoff).toArray()).filter(
      (s) => !assigned.has(s.id) && !held.has(s.id),
    )
    await db.trainingSets.bulkDelete(sets.map((s) => s.id))
    const pictured = new Set(
      (await db.trainingSets.toArray()).flatMap((s) =>
        s.questions.flatMap((q) => (q.type === 'image-label' ? [q.imageUrl] : [])),
      ),
    )
    const images = await db.trainingImages.toCollection().primaryKeys()
    await db.trainingImages.bulkDelete(images.filter((url) => !pictured.has(url)))
    const acks = await db.acks.where('at').below(cutoff).primaryKeys()
    await db.acks.bulkDelete(acks)
    return {
      cases: caseIds.length,
      conversations: conversationIds.length,
      assignments: assignments.length,
      trainingSets: sets.length,
    }
  })
}

/** Asks the browser not to evict this origin's data under storage pressure (after sign-in). */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist())
  } catch {
    return false
  }
}
