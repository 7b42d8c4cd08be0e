/**
 * `npm run cli -- db:copy --to postgres://…`: moves a SQLite deployment onto PostgreSQL. Every row
 * keeps its id; change-log versions, sessions and device sequence numbers come along, so devices
 * carry on from their cursors without downloading again and nobody signs in again. The originals
 * stay in DATA_DIR, which the PostgreSQL deployment keeps using.
 */
import fs from 'node:fs'
import { isPostgresUrl, openDatabase, openSqlite } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { type AnyDb, continueAfterCopy, insertRows, rowCount } from '../db/queries/copy.ts'

export class CopyError extends Error {}

/** Every table, parents before the rows that refer to them. */
const TABLES = [
  'tenants',
  'tenant_logos',
  'users',
  'memberships',
  'sessions',
  'login_states',
  'cases',
  'case_events',
  'case_attachments',
  'staged_uploads',
  'staged_chunks',
  'conversations',
  'messages',
  'message_images',
  'message_feedback',
  'query_log',
  'training_sets',
  'training_assignments',
  'training_attempts',
  'training_set_versions',
  'training_images',
  'change_log',
  'sync_horizon',
  'sync_devices',
  'sync_mutations',
  'idempotency_keys',
  'kb_documents',
  'kb_passages',
  'kb_document_terms',
  'kb_synonyms',
  'kb_embedding_settings',
  'kb_passage_vectors',
] as const

const BATCH_VALUES = 30_000

export async function copyToPostgres(sqliteFile: string, targetUrl: string): Promise<{ rows: number }> {
  if (!isPostgresUrl(targetUrl)) throw new CopyError('--to must be a postgres:// URL.')
  if (!fs.existsSync(sqliteFile)) throw new CopyError(`There is no database at ${sqliteFile} to copy.`)
  const source = openSqlite(sqliteFile)
  const target = openDatabase(targetUrl).db as AnyDb
  try {
    await migrateToLatest(source.db)
    await migrateToLatest(target)
    for (const table of TABLES) {
      if ((await rowCount(target, table)) > 0) {
        throw new CopyError(`The PostgreSQL database is not empty (${table} has rows): copy into an empty database.`)
      }
    }
    let copied = 0
    await target.transaction().execute(async (trx) => {
      for (const table of TABLES) {
        const statement = source.sqlite.prepare(`SELECT * FROM ${table}`)
        let batch: Record<string, unknown>[] = []
        const flush = async () => {
          await insertRows(trx, table, batch)
          copied += batch.length
          batch = []
        }
        for (const row of statement.iterate() as Iterable<Record<string, unknown>>) {
          batch.push(row)
          if (batch.length * Object.keys(row).length >= BATCH_VALUES) await flush()
        }
        await flush()
      }
      await continueAfterCopy(trx, highestIssuedVersion(source.sqlite))
    })
    return { rows: copied }
  } finally {
    await source.db.destroy()
    await target.destroy()
  }
}

/**
 * The highest change-log version SQLite ever issued. Its versions are table-wide, so a device's
 * cursor may be above its own tenant's last row: every tenant continues after this one, or a
 * lower version would never reach that device.
 */
function highestIssuedVersion(sqlite: ReturnType<typeof openSqlite>['sqlite']): number {
  const row = sqlite.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'change_log'`).get() as
    | { seq: number }
    | undefined
  return row?.seq ?? 0
}
