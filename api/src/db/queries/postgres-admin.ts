import { sql } from 'kysely'
import type { Db } from '../database.ts'

/** Exports the transaction's snapshot, so pg_dump sees exactly what this transaction sees. */
export async function exportSnapshot(trx: Db): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(trx)
  const id = rows[0]?.id
  if (!id) throw new Error('PostgreSQL exported no snapshot')
  return id
}

/** The originals the database refers to: documents' files and case attachments, by content hash. */
export async function referencedOriginals(db: Db): Promise<string[]> {
  const { rows } = await sql<{ h: string }>`
    SELECT content_hash AS h FROM kb_documents UNION SELECT sha256 FROM case_attachments`.execute(db)
  return rows.map((r) => r.h)
}

export async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
  return rows.map((r) => r.name)
}

/** How many tables the database's public schema holds (0: an empty database a restore may fill). */
export async function publicTableCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** Drops everything in the public schema (a forced restore replaces the database). */
export async function emptyPublicSchema(db: Db): Promise<void> {
  await sql`DROP SCHEMA public CASCADE`.execute(db)
  await sql`CREATE SCHEMA public`.execute(db)
}
