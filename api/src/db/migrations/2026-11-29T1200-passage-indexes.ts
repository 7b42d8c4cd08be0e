import { type Kysely, sql } from 'kysely'
import { type Db, isPostgres } from '../database.ts'
import { indexDocument } from '../queries/passage-index.ts'

/**
 * SQLite: one word index per tenant's expert instead of one for all narrowed by a scope token
 * (db/queries/passage-index.ts says why), kept by the code that writes passages, so the triggers
 * that kept the old one go. The scope column only fed that index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of ['kb_passages_ai', 'kb_passages_ad', 'kb_passages_au']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db)
    }
    await sql`DROP TABLE IF EXISTS kb_passages_fts`.execute(db)
    const documents = await sql<{ id: string }>`SELECT id FROM kb_documents`.execute(db)
    for (const { id } of documents.rows) await indexDocument(db as unknown as Db, id)
  }
  await sql`ALTER TABLE kb_passages DROP COLUMN scope`.execute(db)
}
