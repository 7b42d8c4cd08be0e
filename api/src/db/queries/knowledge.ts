import { sql } from 'kysely'
import type { Db } from '../database.ts'

export interface NewPassage {
  ordinal: number
  section: string | null
  page: number | null
  text: string
}

export async function tenantSlugs(db: Db): Promise<string[]> {
  return (await db.selectFrom('tenants').select('slug').execute()).map((t) => t.slug)
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
  documentId: string
  fileName: string
  /** Its place in the document (the viewer marks it). */
  ordinal: number
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
    SELECT p.id, p.document_id AS documentId, d.file_name AS fileName, p.ordinal, p.title, p.section, p.page, p.text,
      kb_passages_fts.rank AS rank
    FROM kb_passages_fts JOIN kb_passages AS p ON p.id = kb_passages_fts.rowid
      JOIN kb_documents AS d ON d.id = p.document_id
    WHERE kb_passages_fts MATCH ${match} AND p.tenant_slug = ${tenant} AND p.expert = ${expert}
    ORDER BY kb_passages_fts.rank
    LIMIT ${limit}`.execute(db)
  return rows
}

/** How many passages hold each stem (the index's vocabulary, all scopes). */
export async function documentFrequencies(db: Db, stems: string[]): Promise<Map<string, number>> {
  if (stems.length === 0) return new Map()
  const { rows } = await sql<{ term: string; doc: number }>`
    SELECT term, doc FROM kb_passages_vocab WHERE term IN (${sql.join(stems)})`.execute(db)
  return new Map(rows.map((r) => [r.term, r.doc]))
}

/** Known stems starting with `letter`, with how many passages hold them (typo candidates). */
export async function vocabularyFrom(db: Db, letter: string): Promise<[string, number][]> {
  if (!/^\p{L}$/u.test(letter)) return []
  const next = String.fromCodePoint((letter.codePointAt(0) ?? 0) + 1)
  const { rows } = await sql<{ term: string; doc: number }>`
    SELECT term, doc FROM kb_passages_vocab WHERE term >= ${letter} AND term < ${next}`.execute(db)
  return rows.map((r) => [r.term, r.doc])
}

export async function expertPassageCount(db: Db, tenant: string, expert: string): Promise<number> {
  const row = await db
    .selectFrom('kb_documents')
    .select((eb) => eb.fn.sum<number>('passage_count').as('passages'))
    .where('tenant_slug', '=', tenant)
    .where('expert', '=', expert)
    .executeTakeFirst()
  return Number(row?.passages ?? 0)
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
