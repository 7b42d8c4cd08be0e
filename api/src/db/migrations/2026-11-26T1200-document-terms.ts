import { type Kysely, sql } from 'kysely'
import { runDdl } from '../ddl.ts'
import { termCounts } from '../queries/document-terms.ts'

/**
 * How many of a document's passages hold each word (its search stem): summed over one tenant's
 * expert, it tells how rare a question's words are there (the re-ranking and the relevance gate)
 * and which known word a misspelt one meant, without another tenant's manuals counting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [
    `CREATE TABLE kb_document_terms (
      term TEXT NOT NULL,
      document_id TEXT NOT NULL REFERENCES kb_documents(id) ON DELETE CASCADE,
      df INTEGER NOT NULL,
      PRIMARY KEY (term, document_id)
    )`,
  ])
  await runDdl(db, ['CREATE INDEX kb_document_terms_document ON kb_document_terms (document_id)'])
  const { rows } = await sql<{ id: string }>`SELECT id FROM kb_documents`.execute(db)
  for (const { id } of rows) {
    const passages = await sql<{ section: string | null; text: string }>`
      SELECT section, text FROM kb_passages WHERE document_id = ${id}`.execute(db)
    const counts = termCounts(passages.rows)
    for (let i = 0; i < counts.length; i += 300) {
      const values = counts.slice(i, i + 300).map(([term, df]) => sql`(${term}, ${id}, ${df})`)
      await sql`INSERT INTO kb_document_terms (term, document_id, df) VALUES ${sql.join(values)}`.execute(db)
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS kb_document_terms').execute(db)
}
