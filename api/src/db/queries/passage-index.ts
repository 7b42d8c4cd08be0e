import { sql } from 'kysely'
import { type Db, isPostgres } from '../database.ts'

/**
 * SQLite's word index of the passages: one FTS5 table per tenant's expert. BM25 then counts how
 * rare a word is among the manuals searched, and a search needs no scope filter, which made FTS5
 * count every passage of the scope on each query (4.6 → 0.8 ms at 100,000 passages). FTS5 tables
 * cannot be chosen by a trigger, so the code that writes passages keeps the index, in the same
 * transaction. Contentless: the text stays in kb_passages alone; the index holds where each word is.
 * PostgreSQL searches its generated tsvector instead; every function here does nothing there.
 */
export const passageIndexName = (tenant: string, expert: string) =>
  `kb_passages_fts_${Buffer.from(`${tenant}/${expert}`).toString('hex')}`

export async function passageIndexExists(db: Db, name: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${name}`.execute(db)
  return rows.length > 0
}

/** Adds a document's passages to the index of its tenant's expert, making the index on first use. */
export async function indexDocument(trx: Db, documentId: string): Promise<void> {
  const name = await indexOf(trx, documentId)
  if (!name) return
  if (!(await passageIndexExists(trx, name))) {
    await sql`CREATE VIRTUAL TABLE ${sql.table(name)} USING fts5(
      title, section, text,
      content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
    )`.execute(trx)
    // Title and section matches count more than body matches.
    await sql`INSERT INTO ${sql.table(name)} (${sql.id(name)}, rank) VALUES ('rank', 'bm25(2.0, 1.5, 1.0)')`.execute(
      trx,
    )
  }
  await sql`INSERT INTO ${sql.table(name)} (rowid, title, section, text)
    SELECT id, title, coalesce(section, ''), text FROM kb_passages WHERE document_id = ${documentId}`.execute(trx)
}

/** Takes a document's passages out of its index; call before the passages change or go. */
export async function unindexDocument(trx: Db, documentId: string): Promise<void> {
  const name = await indexOf(trx, documentId)
  if (!name || !(await passageIndexExists(trx, name))) return
  await sql`DELETE FROM ${sql.table(name)} WHERE rowid IN (SELECT id FROM kb_passages WHERE document_id = ${documentId})`.execute(
    trx,
  )
}

/** Drops every index of a tenant (the tenant is being deleted). */
export async function dropTenantIndexes(trx: Db, tenant: string): Promise<void> {
  if (isPostgres(trx)) return
  const prefix = passageIndexName(tenant, '')
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master
    WHERE type = 'table' AND substr(name, 1, ${prefix.length}) = ${prefix}`.execute(trx)
  // The shadow tables (_data, _idx, ...) go with their index.
  for (const { name } of rows.filter((r) => /^kb_passages_fts_[0-9a-f]+$/.test(r.name))) {
    await sql`DROP TABLE IF EXISTS ${sql.table(name)}`.execute(trx)
  }
}

/** The index a document's passages belong in; null on PostgreSQL or for an unknown document. */
async function indexOf(trx: Db, documentId: string): Promise<string | null> {
  if (isPostgres(trx)) return null
  const doc = await trx
    .selectFrom('kb_documents')
    .select(['tenant_slug', 'expert'])
    .where('id', '=', documentId)
    .executeTakeFirst()
  return doc ? passageIndexName(doc.tenant_slug, doc.expert) : null
}
