import { type Kysely, sql } from 'kysely'
import { runDdl, runDdlFor } from '../ddl.ts'

/**
 * The experts' knowledge base: documents split into passages, indexed by an external-content
 * FTS5 table (BM25, porter stemming). `scope` is one opaque token per tenant and expert, so a
 * search is narrowed inside the index instead of filtering every match afterwards.
 */
const statements = [
  `CREATE TABLE kb_documents (
    id TEXT PRIMARY KEY,
    tenant_slug TEXT NOT NULL REFERENCES tenants(slug) ON DELETE CASCADE,
    expert TEXT NOT NULL CHECK (expert IN ('seakeeper','furuno')),
    source_path TEXT NOT NULL,
    title TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    passage_count INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (tenant_slug, expert, source_path)
  )`,
  `CREATE TABLE kb_passages (
    id INTEGER PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES kb_documents(id) ON DELETE CASCADE,
    tenant_slug TEXT NOT NULL,
    expert TEXT NOT NULL,
    scope TEXT NOT NULL,
    ordinal INTEGER NOT NULL,
    title TEXT NOT NULL,
    section TEXT,
    page INTEGER,
    text TEXT NOT NULL
  )`,
  `CREATE INDEX kb_passages_document ON kb_passages (document_id, ordinal)`,
]

const sqliteIndex = [
  `CREATE VIRTUAL TABLE kb_passages_fts USING fts5(
    scope, title, section, text,
    content='kb_passages', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
  )`,
  // Title and section matches count more than body matches; scope only narrows, it never ranks.
  `INSERT INTO kb_passages_fts (kb_passages_fts, rank) VALUES ('rank', 'bm25(0.0, 2.0, 1.5, 1.0)')`,
  `CREATE TRIGGER kb_passages_ai AFTER INSERT ON kb_passages BEGIN
    INSERT INTO kb_passages_fts (rowid, scope, title, section, text)
    VALUES (new.id, new.scope, new.title, coalesce(new.section, ''), new.text);
  END`,
  `CREATE TRIGGER kb_passages_ad AFTER DELETE ON kb_passages BEGIN
    INSERT INTO kb_passages_fts (kb_passages_fts, rowid, scope, title, section, text)
    VALUES ('delete', old.id, old.scope, old.title, coalesce(old.section, ''), old.text);
  END`,
]

/**
 * On PostgreSQL a generated tsvector column with a GIN index does the same on stock PostgreSQL:
 * English stemming, title (A) and section (B) weighted above the body (C); the search is narrowed
 * to a tenant's expert by the columns themselves.
 */
const postgresIndex = [
  `ALTER TABLE kb_passages ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', coalesce(section, '')), 'B') ||
    setweight(to_tsvector('english', text), 'C')
  ) STORED`,
  `CREATE INDEX kb_passages_search ON kb_passages USING GIN (search)`,
  `CREATE INDEX kb_passages_expert ON kb_passages (tenant_slug, expert)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements)
  await runDdlFor(db, { sqlite: sqliteIndex, postgres: postgresIndex })
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['kb_passages_fts', 'kb_passages', 'kb_documents']) {
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db)
  }
}
