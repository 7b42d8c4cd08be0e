import { type Kysely, sql } from 'kysely'

/**
 * The search index's vocabulary (term, passages holding it): how rare a question's words are, for
 * the re-ranking and the relevance gate, and the known words a misspelt one is corrected to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE VIRTUAL TABLE kb_passages_vocab USING fts5vocab(kb_passages_fts, 'row')`).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS kb_passages_vocab').execute(db)
}
