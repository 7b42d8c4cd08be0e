import { type Kysely, sql } from 'kysely'
import type { Db } from '../database.ts'

// biome-ignore lint/suspicious/noExplicitAny: a copy goes table by table, whatever each holds
export type AnyDb = Kysely<any>

export async function rowCount(db: AnyDb, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

export async function insertRows(db: AnyDb, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto(table).values(rows).execute()
}

/**
 * After a copy onto PostgreSQL: new passages continue after the copied ids, and every tenant's
 * next change-log version after `highestVersion`.
 */
export async function continueAfterCopy(db: AnyDb, highestVersion: number): Promise<void> {
  await sql`SELECT setval(pg_get_serial_sequence('kb_passages', 'id'), coalesce((SELECT max(id) FROM kb_passages), 0) + 1, false)`.execute(
    db,
  )
  await sql`INSERT INTO change_log_counters (tenant_slug, version) SELECT slug, ${highestVersion} FROM tenants`.execute(
    db,
  )
}

/** A new, empty PostgreSQL database on the server `admin` is connected to (tests and benchmarks). */
export async function createPostgresDatabase(admin: Db, name: string, template = 'template0'): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || !/^[a-z_][a-z0-9_]*$/.test(template)) throw new Error('bad database name')
  await sql.raw(`CREATE DATABASE ${name} TEMPLATE ${template}`).execute(admin)
}
