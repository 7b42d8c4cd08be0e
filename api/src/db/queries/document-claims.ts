/**
 * Document processing jobs: each document still processing is claimed by one instance for a
 * while, renewed as it goes, and taken over by another once the claim runs out.
 */
import type { Db } from '../database.ts'

/**
 * Documents waiting to be processed that no instance holds: never claimed, claimed by `instance`
 * itself before a restart, or whose claim ran out (its instance died). Oldest first.
 */
export const claimableDocuments = (db: Db, instance: string, now: string) =>
  db
    .selectFrom('kb_documents')
    .select(['id', 'tenant_slug', 'content_hash'])
    .where('status', '=', 'processing')
    .where((eb) =>
      eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', instance), eb('claimed_until', '<', now)]),
    )
    .orderBy('created_at')
    .execute()

/**
 * Claims (or renews the claim on) a document still processing, until `until`: true when this
 * instance holds it. One conditional UPDATE, so of several instances trying at once one wins.
 */
export async function claimDocument(db: Db, id: string, instance: string, now: string, until: string) {
  const row = await db
    .updateTable('kb_documents')
    .set({ claimed_by: instance, claimed_until: until })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where((eb) =>
      eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', instance), eb('claimed_until', '<', now)]),
    )
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** At shutdown: this instance's unfinished jobs are free for the next one to take at once. */
export async function releaseClaims(db: Db, instance: string) {
  await db
    .updateTable('kb_documents')
    .set({ claimed_by: null, claimed_until: null })
    .where('claimed_by', '=', instance)
    .where('status', '=', 'processing')
    .execute()
}
