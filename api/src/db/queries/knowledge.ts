import { sql } from 'kysely'
import { type Db, isPostgres } from '../database.ts'
import { passageIndexExists, passageIndexName } from './passage-index.ts'

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

/** A word or phrase to find, and how much finding it counts (its rarity among the expert's passages). */
export interface SearchForm {
  form: string
  weight: number
}

/** A passage hit's columns, from `p` (kb_passages) and `d` (kb_documents), on either database. */
const HIT_COLUMNS = sql.raw(
  'p.id, p.document_id AS "documentId", d.file_name AS "fileName", p.ordinal, p.title, p.section, p.page, p.text',
)

/**
 * The best `limit` passages of one tenant's expert holding any of `forms`, best first: FTS5's
 * BM25 on SQLite; on PostgreSQL, whose `ts_rank` knows nothing of rarity, the summed weight of
 * the forms a passage holds, then `ts_rank` over the weighted tsvector.
 */
export async function searchPassages(
  db: Db,
  tenant: string,
  expert: string,
  forms: SearchForm[],
  limit: number,
): Promise<PassageHit[]> {
  if (forms.length === 0) return []
  if (isPostgres(db)) return searchPassagesOnPostgres(db, tenant, expert, forms, limit)
  // The expert's own index (passage-index.ts) finds the best `limit` rowids; the tenant and expert
  // are checked again on the rows. The LIMIT is written into the SQL: bound, SQLite would plan the
  // statement again on every run.
  const index = passageIndexName(tenant, expert)
  if (!(await passageIndexExists(db, index))) return []
  const match = forms.map(({ form }) => `"${form.replaceAll('"', '""')}"`).join(' OR ')
  const { rows } = await sql<PassageHit>`
    SELECT ${HIT_COLUMNS}, hit.rank AS rank
    FROM (SELECT rowid, rank FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH ${match} ORDER BY rank LIMIT ${sql.lit(Math.trunc(limit))}) AS hit
      JOIN kb_passages AS p ON p.id = hit.rowid
      JOIN kb_documents AS d ON d.id = p.document_id
    WHERE p.tenant_slug = ${tenant} AND p.expert = ${expert}
    ORDER BY hit.rank`.execute(db)
  return rows
}

/** Title (A) and section (B) count above the body (C), as FTS5's bm25 weights do; the order is {D, C, B, A}. */
const RANK_WEIGHTS = sql.raw(`'{0.1, 0.5, 0.75, 1.0}'::float4[]`)

async function searchPassagesOnPostgres(
  db: Db,
  tenant: string,
  expert: string,
  forms: SearchForm[],
  limit: number,
): Promise<PassageHit[]> {
  // Each form is a phrase query (its words in order); any of them matches.
  const queries = forms.map(({ form }) => sql`phraseto_tsquery('english', ${form})`)
  const held = sql.join(
    forms.map(({ weight }, i) => sql`CASE WHEN p.search @@ ${queries[i]} THEN ${weight}::float8 ELSE 0 END`),
    sql` + `,
  )
  // Rank is negated so that, as with FTS5, more negative is better.
  const { rows } = await sql<PassageHit>`
    SELECT ${HIT_COLUMNS},
      -(${held} + ts_rank(${RANK_WEIGHTS}, p.search, q.query, 1)) AS rank
    FROM (SELECT ${sql.join(queries, sql` || `)} AS query) AS q
      JOIN kb_passages AS p ON p.search @@ q.query
      JOIN kb_documents AS d ON d.id = p.document_id
    WHERE p.tenant_slug = ${tenant} AND p.expert = ${expert}
    ORDER BY rank, p.id
    LIMIT ${limit}`.execute(db)
  return rows
}

/**
 * The words of the expert's ready documents (`t`, each with its document `d`). CROSS JOIN keeps
 * SQLite's join order: the words by their key first, then their documents (read the other way
 * round, every word of every document of the expert is visited).
 */
const readyTerms = (db: Db, tenant: string, expert: string) =>
  db
    .selectFrom('kb_document_terms as t')
    .crossJoin('kb_documents as d')
    .whereRef('d.id', '=', 't.document_id')
    .where('d.tenant_slug', '=', tenant)
    .where('d.expert', '=', expert)
    .where('d.status', '=', 'ready')

/** How many of the expert's ready passages hold each stem. */
export async function documentFrequencies(
  db: Db,
  tenant: string,
  expert: string,
  stems: string[],
): Promise<Map<string, number>> {
  if (stems.length === 0) return new Map()
  const rows = await readyTerms(db, tenant, expert)
    .select((eb) => ['t.term', eb.fn.sum<number>('t.df').as('df')])
    .where('t.term', 'in', stems)
    .groupBy('t.term')
    .execute()
  return new Map(rows.map((r) => [r.term, Number(r.df)]))
}

/** Which of the expert's ready documents hold each stem. */
export async function documentsHolding(
  db: Db,
  tenant: string,
  expert: string,
  stems: string[],
): Promise<Map<string, Set<string>>> {
  const holding = new Map<string, Set<string>>()
  if (stems.length === 0) return holding
  const rows = await readyTerms(db, tenant, expert)
    .select(['t.term', 't.document_id'])
    .where('t.term', 'in', stems)
    .execute()
  for (const { term, document_id } of rows) holding.set(term, (holding.get(term) ?? new Set()).add(document_id))
  return holding
}

/**
 * The expert's known stems starting with `prefix` (two letters or digits) and `lengths` long, with how many
 * passages hold them (typo candidates).
 */
export async function vocabularyFrom(
  db: Db,
  tenant: string,
  expert: string,
  prefix: string,
  lengths: { min: number; max: number },
): Promise<[string, number][]> {
  if (!/^[\p{L}\p{N}]{2}$/u.test(prefix)) return []
  const next = `${prefix[0]}${String.fromCodePoint((prefix.codePointAt(1) ?? 0) + 1)}`
  const rows = await readyTerms(db, tenant, expert)
    .select((eb) => ['t.term', eb.fn.sum<number>('t.df').as('df')])
    .where('t.term', '>=', prefix)
    .where('t.term', '<', next)
    .where(sql<number>`length(t.term)`, '>=', lengths.min)
    .where(sql<number>`length(t.term)`, '<=', lengths.max)
    .groupBy('t.term')
    .execute()
  return rows.map((r) => [r.term, Number(r.df)])
}

/** The expert's ready documents, and their passages. */
export async function expertCounts(
  db: Db,
  tenant: string,
  expert: string,
): Promise<{ documents: number; passages: number }> {
  const row = await db
    .selectFrom('kb_documents')
    .select((eb) => [eb.fn.sum<number>('passage_count').as('passages'), eb.fn.countAll<number>().as('documents')])
    .where('tenant_slug', '=', tenant)
    .where('expert', '=', expert)
    .where('status', '=', 'ready')
    .executeTakeFirst()
  return { documents: Number(row?.documents ?? 0), passages: Number(row?.passages ?? 0) }
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
