import type { Kysely } from 'kysely'
import { runDdl, runDdlFor } from '../ddl.ts'

/**
 * The knowledge base becomes a document library a tenant runs itself: each document has its
 * original file (kept by content hash under DATA_DIR), a processing status with progress, and who
 * added it. Documents made before (the starter packs, CLI ingests) are ready already.
 */
const statements = [
  `ALTER TABLE kb_documents ADD COLUMN file_name TEXT NOT NULL DEFAULT ''`,
  `ALTER TABLE kb_documents ADD COLUMN content_type TEXT NOT NULL DEFAULT 'text/markdown'`,
  `ALTER TABLE kb_documents ADD COLUMN size INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE kb_documents ADD COLUMN status TEXT NOT NULL DEFAULT 'ready' CHECK (status IN ('processing','ready','failed'))`,
  `ALTER TABLE kb_documents ADD COLUMN pages INTEGER`,
  `ALTER TABLE kb_documents ADD COLUMN pages_done INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE kb_documents ADD COLUMN error TEXT`,
  `ALTER TABLE kb_documents ADD COLUMN warning TEXT`,
  `ALTER TABLE kb_documents ADD COLUMN created_by TEXT REFERENCES users(id) ON DELETE SET NULL`,
  `UPDATE kb_documents SET file_name = replace(replace(source_path, rtrim(source_path, replace(source_path, '/', '')), ''), 'pack:', '')`,
  `CREATE INDEX kb_documents_hash ON kb_documents (tenant_slug, expert, content_hash)`,
]

// PostgreSQL's search column is generated from the row, so it follows a rename by itself.
const sqliteIndex = [
  // Renaming a document rewrites its passages' title; the index must follow or a later delete corrupts it.
  `CREATE TRIGGER kb_passages_au AFTER UPDATE ON kb_passages BEGIN
    INSERT INTO kb_passages_fts (kb_passages_fts, rowid, scope, title, section, text)
    VALUES ('delete', old.id, old.scope, old.title, coalesce(old.section, ''), old.text);
    INSERT INTO kb_passages_fts (rowid, scope, title, section, text)
    VALUES (new.id, new.scope, new.title, coalesce(new.section, ''), new.text);
  END`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements)
  await runDdlFor(db, { sqlite: sqliteIndex, postgres: [] })
}
