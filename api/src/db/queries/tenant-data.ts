import { sql } from 'kysely'
import type { Db } from '../database.ts'
import { dropTenantIndexes } from './passage-index.ts'

/**
 * The tables holding a tenant's own work, in an order that deletes children first (a demo reset
 * empties these; the knowledge base is content, not work, and stays).
 */
export const TENANT_WORK_TABLES = [
  'case_attachments',
  'case_events',
  'cases',
  'message_feedback',
  'messages',
  'conversations',
  'query_log',
  'training_attempts',
  'training_assignments',
  'training_sets',
  'sync_devices',
  'memberships',
  'change_log',
] as const

/**
 * Every table with a tenant's rows, children first. Passage vectors and word counts are derived
 * from the passages (deleted with them, computed again after an import), so they are not exported.
 */
const TENANT_TABLES = [
  ...TENANT_WORK_TABLES,
  'kb_passages',
  'kb_documents',
  'kb_synonyms',
  'kb_embedding_settings',
  'sync_horizon',
] as const

/**
 * Everything a tenant owns, table by table (image bytes as base64). Pieces of uploads still under
 * way are not: they are a device's unfinished sending, not the tenant's data.
 */
export async function tenantRows(db: Db, tenant: string): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {}
  rows.tenants = (await sql`SELECT * FROM tenants WHERE slug = ${tenant}`.execute(db)).rows
  for (const table of [...TENANT_TABLES].reverse()) {
    const { rows: stored } = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(table)} WHERE tenant_slug = ${tenant}`.execute(db)
    // PostgreSQL's search column is computed from the passage, like SQLite's FTS5 index: not data.
    rows[table] = stored.map(({ search: _search, ...row }) => row)
  }
  rows.users = (
    await sql`SELECT u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.created_at
      FROM users u JOIN memberships m ON m.user_id = u.id WHERE m.tenant_slug = ${tenant}`.execute(db)
  ).rows
  const images = await sql<{ message_id: string; position: number; media_type: string; bytes: Uint8Array }>`
    SELECT i.* FROM message_images i JOIN messages m ON m.id = i.message_id WHERE m.tenant_slug = ${tenant}`.execute(db)
  rows.message_images = images.rows.map((r) => ({ ...r, bytes: Buffer.from(r.bytes).toString('base64') }))
  const pictures = await sql<{
    bytes: Uint8Array
  }>`SELECT * FROM training_images WHERE tenant_slug = ${tenant}`.execute(db)
  rows.training_images = pictures.rows.map((r) => ({ ...r, bytes: Buffer.from(r.bytes).toString('base64') }))
  rows.training_set_versions = (
    await sql`SELECT v.* FROM training_set_versions v JOIN training_sets s ON s.id = v.set_id
      WHERE s.tenant_slug = ${tenant}`.execute(db)
  ).rows
  return rows
}

/**
 * Deletes every row of a tenant, and the users who belonged to it alone (with their sessions),
 * in one transaction. Returns the content hashes of originals no document refers to any more.
 */
export async function deleteTenantRows(db: Db, tenant: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const hashes = (
      await sql<{
        h: string
      }>`SELECT content_hash AS h FROM kb_documents WHERE tenant_slug = ${tenant}
        UNION SELECT sha256 FROM case_attachments WHERE tenant_slug = ${tenant}`.execute(trx)
    ).rows.map((r) => r.h)
    const members = (
      await sql<{ id: string }>`SELECT user_id AS id FROM memberships WHERE tenant_slug = ${tenant}`.execute(trx)
    ).rows.map((r) => r.id)
    await sql`DELETE FROM message_images WHERE message_id IN (SELECT id FROM messages WHERE tenant_slug = ${tenant})`.execute(
      trx,
    )
    await sql`DELETE FROM sync_mutations WHERE device_id IN (SELECT id FROM sync_devices WHERE tenant_slug = ${tenant})`.execute(
      trx,
    )
    await dropTenantIndexes(trx, tenant)
    for (const table of TENANT_TABLES)
      await sql`DELETE FROM ${sql.table(table)} WHERE tenant_slug = ${tenant}`.execute(trx)
    await sql`DELETE FROM tenants WHERE slug = ${tenant}`.execute(trx)
    for (const id of members) {
      const stillMember = await sql`SELECT 1 FROM memberships WHERE user_id = ${id}`.execute(trx)
      if (stillMember.rows.length > 0) continue
      await sql`DELETE FROM sessions WHERE user_id = ${id}`.execute(trx)
      await sql`DELETE FROM idempotency_keys WHERE user_id = ${id}`.execute(trx)
      await sql`DELETE FROM sync_devices WHERE user_id = ${id}`.execute(trx)
      const referenced = await sql`SELECT 1 FROM cases WHERE created_by = ${id} OR assigned_to = ${id}
        UNION ALL SELECT 1 FROM conversations WHERE user_id = ${id}
        UNION ALL SELECT 1 FROM training_sets WHERE created_by = ${id}
        UNION ALL SELECT 1 FROM training_assignments WHERE created_by = ${id} OR assigned_to_id = ${id}
        LIMIT 1`.execute(trx)
      if (referenced.rows.length === 0) await sql`DELETE FROM users WHERE id = ${id}`.execute(trx)
    }
    const unused: string[] = []
    for (const h of hashes) {
      const used = await sql`SELECT 1 FROM kb_documents WHERE content_hash = ${h}
        UNION ALL SELECT 1 FROM case_attachments WHERE sha256 = ${h} LIMIT 1`.execute(trx)
      if (used.rows.length === 0) unused.push(h)
    }
    return unused
  })
}

/**
 * Empties a tenant's work (TENANT_WORK_TABLES and its Idempotency-Key answers) and moves its sync
 * horizon past every cursor handed out, so devices that synced before start over.
 */
export async function clearTenantWork(db: Db, tenant: string): Promise<void> {
  // Cursors are global log versions, so every cursor handed out so far is at most the global maximum.
  const latest = await db
    .selectFrom('change_log')
    .select((eb) => eb.fn.max('version').as('v'))
    .executeTakeFirst()
  const horizon = Number(latest?.v ?? 0)
  for (const table of TENANT_WORK_TABLES) await db.deleteFrom(table).where('tenant_slug', '=', tenant).execute()
  await db.deleteFrom('idempotency_keys').where('path', 'like', `/api/t/${tenant}/%`).execute()
  await db
    .insertInto('sync_horizon')
    .values({ tenant_slug: tenant, min_version: horizon })
    .onConflict((oc) => oc.column('tenant_slug').doUpdateSet({ min_version: horizon }))
    .execute()
}
