import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { newId } from '../../lib/ids.ts'
import { seedIfEmpty } from '../../seed/seed.ts'
import { onPostgres, testDatabase } from '../../test/test-database.ts'
import type { Db } from '../database.ts'
import { MIGRATIONS, migrateToLatest } from '../migrate.ts'
import { deleteDocument, finishDocument, insertDocument, renameDocument } from './documents.ts'
import { searchPassages } from './knowledge.ts'
import { passageIndexName } from './passage-index.ts'
import { deleteTenantRows } from './tenant-data.ts'

const AT = '2026-11-26T10:00:00.000Z'

/** A ready document of `tenant`'s Seakeeper expert holding one passage per text. */
async function addManual(db: Db, tenant: string, title: string, texts: string[]): Promise<string> {
  const id = newId()
  await db.transaction().execute(async (trx) => {
    await insertDocument(trx, {
      id,
      tenant_slug: tenant,
      expert: 'seakeeper',
      source_path: `${id}.md`,
      title,
      content_hash: id.replaceAll('-', '').padEnd(64, '0'),
      file_name: `${id}.md`,
      content_type: 'text/markdown',
      size: 0,
      status: 'processing',
      created_by: null,
      created_at: AT,
      updated_at: AT,
    })
    await finishDocument(trx, {
      id,
      tenant,
      expert: 'seakeeper',
      title: null,
      pages: null,
      warning: null,
      passages: texts.map((text, ordinal) => ({ ordinal, section: null, page: 1, text })),
      at: AT,
    })
  })
  return id
}

const found = async (db: Db, tenant: string, words: string[]) =>
  (
    await searchPassages(
      db,
      tenant,
      'seakeeper',
      words.map((form) => ({ form, weight: 1 })),
      10,
    )
  ).map((h) => h.text)

async function seeded(): Promise<Db> {
  const db = await testDatabase()
  await seedIfEmpty(db)
  return db
}

describe("the word index of each tenant's expert", () => {
  it("never finds another tenant's passages", async () => {
    const db = await seeded()
    await addManual(db, 'harbor', 'Harbor notes', ['The zorblat bearing hums at idle.'])
    expect(await found(db, 'demo', ['zorblat'])).toEqual([])
    expect(await found(db, 'harbor', ['zorblat'])).toEqual(['The zorblat bearing hums at idle.'])
  })

  it.skipIf(onPostgres())("ranks by how rare a word is among the tenant's own manuals only", async () => {
    const db = await seeded()
    await addManual(db, 'demo', 'Demo manual', [
      'Check the quillet before sea trials.',
      'The vantro seal weeps oil.',
      'Replace the vantro seal yearly.',
      'A vantro seal kit is in the spares.',
    ])
    const rare = 'Check the quillet before sea trials.'
    expect((await found(db, 'demo', ['quillet', 'vantro']))[0]).toBe(rare)
    // Another tenant writing "quillet" everywhere changes nothing for this one.
    await addManual(
      db,
      'harbor',
      'Harbor manual',
      Array.from({ length: 60 }, (_, i) => `Quillet note ${i}.`),
    )
    expect((await found(db, 'demo', ['quillet', 'vantro']))[0]).toBe(rare)
  })

  it('follows a document renamed, processed again and deleted', async () => {
    const db = await seeded()
    const id = await addManual(db, 'demo', 'Old name', ['The plinder valve sticks.'])
    await db.transaction().execute((trx) => renameDocument(trx, id, 'Grommix service guide', AT))
    expect(await found(db, 'demo', ['grommix'])).toEqual(['The plinder valve sticks.'])
    expect(await found(db, 'demo', ['old name'])).toEqual([])
    await db.transaction().execute((trx) =>
      finishDocument(trx, {
        id,
        tenant: 'demo',
        expert: 'seakeeper',
        title: null,
        pages: null,
        warning: null,
        passages: [{ ordinal: 0, section: null, page: 1, text: 'The second edition speaks of the trundle pump.' }],
        at: AT,
      }),
    )
    expect(await found(db, 'demo', ['plinder'])).toEqual([])
    expect(await found(db, 'demo', ['trundle'])).toEqual(['The second edition speaks of the trundle pump.'])
    await db.transaction().execute((trx) => deleteDocument(trx, id))
    expect(await found(db, 'demo', ['trundle', 'grommix'])).toEqual([])
  })

  it.skipIf(onPostgres())('goes with its tenant', async () => {
    const db = await seeded()
    await addManual(db, 'harbor', 'Harbor notes', ['The zorblat bearing hums at idle.'])
    await addManual(db, 'demo', 'Demo notes', ['The zorblat bearing is quiet.'])
    const indexes = async (tenant: string) =>
      (
        await sql<{
          name: string
        }>`SELECT name FROM sqlite_master WHERE name = ${passageIndexName(tenant, 'seakeeper')}`.execute(db)
      ).rows.length
    expect(await indexes('harbor')).toBe(1)
    await deleteTenantRows(db, 'harbor')
    expect(await indexes('harbor')).toBe(0)
    expect(await indexes('demo')).toBe(1)
  })

  it.skipIf(onPostgres())('is built from the passages a database held under the earlier single index', async () => {
    const db = await testDatabase({ migrated: false })
    const names = Object.keys(MIGRATIONS)
    const before = Object.fromEntries(
      Object.entries(MIGRATIONS).slice(0, names.indexOf('2026-11-29T1200-passage-indexes')),
    )
    await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()
    await sql`INSERT INTO tenants (slug, name, models_json, created_at, updated_at) VALUES ('demo', 'Demo', '{}', ${AT}, ${AT})`.execute(
      db,
    )
    await sql`INSERT INTO kb_documents (id, tenant_slug, expert, source_path, title, content_hash, passage_count, created_at, updated_at)
      VALUES ('d1', 'demo', 'seakeeper', 'a.md', 'Gyro manual', ${'0'.repeat(64)}, 1, ${AT}, ${AT})`.execute(db)
    await sql`INSERT INTO kb_passages (document_id, tenant_slug, expert, scope, ordinal, title, section, page, text)
      VALUES ('d1', 'demo', 'seakeeper', 'sdemo', 0, 'Gyro manual', NULL, 1, 'The brumbly flange needs grease.')`.execute(
      db,
    )
    await migrateToLatest(db)
    expect(await found(db, 'demo', ['brumbly'])).toEqual(['The brumbly flange needs grease.'])
    const old = await sql`SELECT name FROM sqlite_master WHERE name IN ('kb_passages_fts', 'kb_passages_ai')`.execute(
      db,
    )
    expect(old.rows).toEqual([])
  })
})
