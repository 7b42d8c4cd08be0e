import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import { describe, expect, it } from 'vitest'
import { CliError, runCli } from '../cli.ts'
import { embeddingSettings, saveEmbeddingSettings } from '../db/queries/embeddings.ts'
import { expertSynonyms, saveSynonyms } from '../db/queries/synonyms.ts'
import { addFromDisk } from '../documents/library.ts'
import { originalPath } from '../documents/originals.ts'
import { seededWorld } from '../test/fixtures.ts'
import { createTestApp } from '../test/test-app.ts'
import { EXPORT_FORMAT } from './tenant-data.ts'

const t = await createTestApp({}, {}, { knowledge: true })
const world = await seededWorld(t)
const enc = (text: string) => new TextEncoder().encode(text)
await addFromDisk(
  t.deps,
  { tenant: 'harbor', expert: 'furuno', key: 'file:harbor.md' },
  'harbor.md',
  enc('# Harbor\n\nOnly harbor has this.'),
)
// The same file in both tenants: one original on disk, which deleting one tenant must keep.
const shared = enc('# Shared\n\nBoth tenants keep this manual.')
await addFromDisk(t.deps, { tenant: 'harbor', expert: 'furuno', key: 'file:shared.md' }, 'shared.md', shared)
await addFromDisk(t.deps, { tenant: 'demo', expert: 'furuno', key: 'file:shared.md' }, 'shared.md', shared)

const count = async (table: 'cases' | 'kb_documents' | 'conversations' | 'memberships', tenant: string) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_slug', '=', tenant)
        .executeTakeFirstOrThrow()
    ).n,
  )
const hashesOf = async (tenant: string) =>
  (await t.db.selectFrom('kb_documents').select('content_hash').where('tenant_slug', '=', tenant).execute()).map(
    (r) => r.content_hash,
  )

// Harbor's training: a set with a saved version, an image, an assignment and one attempt at it.
const harborAdmin = await t.db
  .selectFrom('users')
  .select('id')
  .where('email', '=', 'admin@harbor.local')
  .executeTakeFirstOrThrow()
const at = new Date().toISOString()
const questions = JSON.stringify([{ id: 'q1', kind: 'choice', prompt: 'Which way?', options: ['A', 'B'], answer: 0 }])
await t.db
  .insertInto('training_sets')
  .values({
    id: 'harbor-set',
    tenant_slug: 'harbor',
    title: 'Harbor set',
    description: '',
    expert: 'furuno',
    questions_json: questions,
    created_by: harborAdmin.id,
    created_at: at,
    updated_at: at,
  })
  .execute()
await t.db
  .insertInto('training_set_versions')
  .values({ set_id: 'harbor-set', version: 1, questions_json: questions })
  .execute()
await t.db
  .insertInto('training_images')
  .values({
    id: 'harbor-image',
    tenant_slug: 'harbor',
    media_type: 'image/png',
    bytes: new Uint8Array([137, 80, 78, 71]),
    created_by: harborAdmin.id,
    created_at: at,
  })
  .execute()
await t.db
  .insertInto('training_assignments')
  .values({
    id: 'harbor-assignment',
    tenant_slug: 'harbor',
    set_id: 'harbor-set',
    assigned_to_role: null,
    assigned_to_id: harborAdmin.id,
    completed: 1,
    score: 100,
    created_by: harborAdmin.id,
    created_at: at,
    updated_at: at,
  })
  .execute()
await t.db
  .insertInto('training_attempts')
  .values({
    id: 'harbor-attempt',
    tenant_slug: 'harbor',
    assignment_id: 'harbor-assignment',
    user_id: harborAdmin.id,
    answers_json: '[0]',
    answered: 1,
    questions: 1,
    score: 100,
    completed_at: at,
    set_version: 1,
  })
  .execute()

describe('tenant data', () => {
  it('exports everything a tenant owns as documented JSON plus its original files, and nothing of another', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-export-test-'))
    const file = path.join(dir, 'harbor.tar.gz')
    expect(await runCli(t.db, ['tenant:export', 'harbor', file], t.deps.env)).toMatch(/^Exported harbor: \d+ rows/)
    await tar.x({ file, cwd: dir })
    const exported = JSON.parse(fs.readFileSync(path.join(dir, 'tenant.json'), 'utf8'))
    expect(exported).toMatchObject({ format: EXPORT_FORMAT, version: 1, tenant: 'harbor' })
    expect(exported.tables.cases).toHaveLength(await count('cases', 'harbor'))
    expect(exported.tables.kb_documents).toHaveLength(await count('kb_documents', 'harbor'))
    const tenantsSeen = new Set(
      Object.values(exported.tables as Record<string, { tenant_slug?: string }[]>)
        .flat()
        .map((r) => r.tenant_slug)
        .filter(Boolean),
    )
    expect([...tenantsSeen]).toEqual(['harbor'])
    // Training results and what they were taken on travel too.
    expect(exported.tables.training_attempts.map((a: { id: string }) => a.id)).toEqual(['harbor-attempt'])
    expect(exported.tables.training_set_versions).toEqual([
      { set_id: 'harbor-set', version: 1, questions_json: questions },
    ])
    expect(exported.tables.training_images).toMatchObject([
      { id: 'harbor-image', bytes: Buffer.from([137, 80, 78, 71]).toString('base64') },
    ])
    expect(exported.tables.message_feedback).toEqual(expect.any(Array))
    expect(exported.tables.users.map((u: { email: string }) => u.email)).not.toContain('tech@demo.local')
    for (const hash of await hashesOf('harbor')) {
      expect(fs.existsSync(originalPath(path.join(dir, 'originals'), hash))).toBe(true)
    }
  })

  it('lets an Admin download the same export, and no one else', async () => {
    const res = await t.app.request('/api/t/demo/admin/export', {
      headers: { cookie: world.cookie('admin@demo.local') },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="demo-export-/)
    expect(res.headers.get('content-security-policy')).toContain('sandbox')
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000)
    for (const email of ['manager@demo.local', 'tech@demo.local']) {
      const refused = await t.app.request('/api/t/demo/admin/export', { headers: { cookie: world.cookie(email) } })
      expect(refused.status).toBe(403)
    }
  })

  it("is not made for a page that loads its address as an image (a Manager's logo URL naming it)", async () => {
    const load = (dest: string) =>
      t.app.request('/api/t/demo/admin/export', {
        headers: { cookie: world.cookie('admin@demo.local'), 'sec-fetch-dest': dest },
      })
    const asImage = await load('image')
    expect(asImage.status).toBe(403)
    expect(asImage.headers.get('content-type')).toMatch(/json/)
    for (const dest of ['document', 'empty']) expect((await load(dest)).status).toBe(200)
  })

  it('deletes every row and file of one tenant and leaves the other intact', async () => {
    const demoBefore = {
      cases: await count('cases', 'demo'),
      docs: await count('kb_documents', 'demo'),
      conversations: await count('conversations', 'demo'),
      members: await count('memberships', 'demo'),
    }
    const harborHashes = await hashesOf('harbor')
    await saveSynonyms(t.db, {
      tenant: 'harbor',
      expert: 'furuno',
      groups: [['a', 'b']],
      userId: 'x',
      at: '2026-11-25',
    })
    await saveEmbeddingSettings(t.db, 'harbor', { provider: 'openai', model: 'm' }, '2026-11-25')
    expect(await runCli(t.db, ['tenant:delete', 'harbor'], t.deps.env)).toMatch(/^Deleted tenant harbor/)
    expect(await expertSynonyms(t.db, 'harbor', 'furuno')).toEqual([])
    expect(await embeddingSettings(t.db, 'harbor')).toBeNull()
    const terms = await t.db
      .selectFrom('kb_document_terms as t')
      .leftJoin('kb_documents as d', 'd.id', 't.document_id')
      .select('t.term')
      .where('d.id', 'is', null)
      .execute()
    expect(terms).toEqual([])
    for (const table of ['cases', 'kb_documents', 'conversations', 'memberships'] as const) {
      expect(await count(table, 'harbor')).toBe(0)
    }
    expect(
      await t.db.selectFrom('tenants').select('slug').where('slug', '=', 'harbor').executeTakeFirst(),
    ).toBeUndefined()
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'tech@harbor.local').executeTakeFirst(),
    ).toBeUndefined()
    expect(await count('cases', 'demo')).toBe(demoBefore.cases)
    expect(await count('kb_documents', 'demo')).toBe(demoBefore.docs)
    expect(await count('conversations', 'demo')).toBe(demoBefore.conversations)
    expect(await count('memberships', 'demo')).toBe(demoBefore.members)
    for (const hash of await hashesOf('demo'))
      expect(fs.existsSync(originalPath(t.deps.env.documentsDir, hash))).toBe(true)
    const demoHashes = new Set(await hashesOf('demo'))
    const harborOnly = harborHashes.filter((h) => !demoHashes.has(h))
    expect(harborOnly.length).toBeGreaterThan(0)
    expect(harborHashes.length).toBeGreaterThan(harborOnly.length)
    for (const hash of harborOnly) expect(fs.existsSync(originalPath(t.deps.env.documentsDir, hash))).toBe(false)
    // Demo still works.
    const res = await t.app.request('/api/t/demo/cases', { headers: { cookie: world.cookie('tech@demo.local') } })
    expect(res.status).toBe(200)
  })

  it('refuses an unknown tenant and a folder that does not exist, changing nothing', async () => {
    await expect(runCli(t.db, ['tenant:delete', 'nowhere'], t.deps.env)).rejects.toThrow(CliError)
    await expect(runCli(t.db, ['tenant:export', 'nowhere', '/tmp/x.tar.gz'], t.deps.env)).rejects.toThrow(/no tenant/)
    await expect(runCli(t.db, ['tenant:export', 'demo', '/nonexistent/dir/x.tar.gz'], t.deps.env)).rejects.toThrow(
      /does not exist/,
    )
  })
})
