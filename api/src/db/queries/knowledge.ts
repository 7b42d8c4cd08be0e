import { sql } from 'kysely'
import type { Db } from '../database.ts'
import type { KbDocumentRow } from '../tables/knowledge.table.ts'

export interface NewPassage {
  ordinal: number
  section: string | null
  page: number | null
  text: string
}

export const findKbDocument = (db: Db, tenant: string, expert: string, sourcePath: string) =>
  db
    .selectFrom('kb_documents')
    .selectAll()
    .where('tenant_slug', '=', tenant)
    .where('expert', '=', expert)
    .where('source_path', '=', sourcePath)
    .executeTakeFirst()

/** Replaces a document and all its passages (the FTS index follows through triggers). Call inside a transaction. */
export async function replaceKbDocument(
  trx: Db,
  doc: Omit<KbDocumentRow, 'passage_count'>,
  scope: string,
  passages: NewPassage[],
): Promise<void> {
  await trx
    .deleteFrom('kb_documents')
    .where('tenant_slug', '=', doc.tenant_slug)
    .where('expert', '=', doc.expert)
    .where('source_path', '=', doc.source_path)
    .execute()
  await trx
    .insertInto('kb_documents')
    .values({ ...doc, passage_count: passages.length })
    .execute()
  const rows = passages.map((p) => ({
    document_id: doc.id,
    tenant_slug: doc.tenant_slug,
    expert: doc.expert,
    scope,
    ordinal: p.ordinal,
    title: doc.title,
    section: p.section,
    page: p.page,
    text: p.text,
  }))
  // SQLite caps bound parameters per statement; 100 rows of 9 columns stays well inside it.
  for (let i = 0; i < rows.length; i += 100) {
    await trx
      .insertInto('kb_passages')
      .values(rows.slice(i, i + 100))
      .execute()
  }
}

export async function tenantHasKnowledge(db: Db, tenant: string): Promise<boolean> {
  const row = await db
    .selectFrom('kb_documents')
    .select('id')
    .where('tenant_slug', '=', tenant)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export interface PassageHit {
  id: number
  title: string
  section: string | null
  page: number | null
  text: string
  /** FTS5 BM25 rank: more negative is better. */
  rank: number
}

/** Best passages for an FTS5 match expression, narrowed to one tenant's expert. */
export async function searchPassages(
  db: Db,
  tenant: string,
  expert: string,
  match: string,
  limit: number,
): Promise<PassageHit[]> {
  const { rows } = await sql<PassageHit>`
    SELECT p.id, p.title, p.section, p.page, p.text, kb_passages_fts.rank AS rank
    FROM kb_passages_fts JOIN kb_passages AS p ON p.id = kb_passages_fts.rowid
    WHERE kb_passages_fts MATCH ${match} AND p.tenant_slug = ${tenant} AND p.expert = ${expert}
    ORDER BY kb_passages_fts.rank
    LIMIT ${limit}`.execute(db)
  return rows
}

export async function logQuery(
  db: Db,
  row: { id: string; tenant: string; userId: string; expert: string; query: string; bestScore: number; at: string },
): Promise<void> {
  await db
    .insertInto('query_log')
    .values({
      id: row.id,
      tenant_slug: row.tenant,
      user_id: row.userId,
      expert: row.expert,
      query: row.query,
      best_score: row.bestScore,
      created_at: row.at,
    })
    .execute()
}
