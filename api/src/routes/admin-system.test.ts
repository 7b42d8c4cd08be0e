import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { errorBodySchema, systemInfoSchema, tenantUserSchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { answerStoredMessage } from '../experts/answer-stored-message.ts'
import { newId } from '../lib/ids.ts'
import { createLogger } from '../lib/logger.ts'
import { recordUserMessage } from '../mutations/chat.ts'
import { seededWorld } from '../test/fixtures.ts'
import { fingerprint, send } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'
import { onPostgres } from '../test/test-database.ts'

// Errors are logged (to nowhere) so the System figures can list them.
const t = await createTestApp(
  { log: createLogger({ LOG_LEVEL: 'error' }, { write: () => {} }) },
  {},
  { knowledge: true },
)
const w = await seededWorld(t)
const admin = w.cookie('admin@demo.local')
const manager = w.cookie('manager@demo.local')
const tech = w.cookie('tech@demo.local')

describe('members an Admin adds and removes', () => {
  it('adds a new person by e-mail with a role, who can then sign in and reach the workspace', async () => {
    const res = await send(t, admin, 'POST', '/api/t/demo/admin/users', {
      email: 'New.Deckhand@Example.com',
      firstName: 'Nico',
      lastName: 'Deckhand',
      role: 'Technician',
    })
    expect(res.status).toBe(201)
    expect(tenantUserSchema.parse(res.body)).toMatchObject({ email: 'new.deckhand@example.com', role: 'Technician' })
    const cookie = await t.signIn('new.deckhand@example.com')
    expect((await send(t, cookie, 'GET', '/api/t/demo/user/role')).body).toEqual({ role: 'Technician' })
  })

  it('adds someone from another workspace without copying them, and refuses a member twice', async () => {
    const res = await send(t, admin, 'POST', '/api/t/demo/admin/users', { email: 'tech@harbor.local', role: 'Manager' })
    expect(res.status).toBe(201)
    expect(res.body.id).toBe(w.userId('tech@harbor.local'))
    const again = await send(t, admin, 'POST', '/api/t/demo/admin/users', { email: 'tech@harbor.local', role: 'Admin' })
    expect(again.status).toBe(409)
    expect(errorBodySchema.parse(again.body).error.message).toContain('already a member')
  })

  it('removes a member: their access to this workspace and their sessions end at once', async () => {
    const cookie = await t.signIn('new.deckhand@example.com')
    const { body: user } = await send(t, cookie, 'GET', '/api/auth/user')
    const res = await send(t, admin, 'DELETE', `/api/t/demo/admin/users/${user.claims.sub}`)
    expect(res.status).toBe(204)
    expect((await send(t, cookie, 'GET', '/api/t/demo/cases')).status).toBe(401)
    const fresh = await t.signIn('new.deckhand@example.com')
    expect((await send(t, fresh, 'GET', '/api/t/demo/cases')).status).toBe(404)
  })

  it('deactivates a member (sessions end, access paused, role kept) and reactivates them', async () => {
    const added = await send(t, admin, 'POST', '/api/t/demo/admin/users', {
      email: 'pause.me@example.com',
      role: 'Technician',
    })
    const techId = tenantUserSchema.parse(added.body).id
    const cookie = await t.signIn('pause.me@example.com')
    const status = (active: unknown, who = admin, userId = techId) =>
      send(t, who, 'PUT', `/api/t/demo/admin/users/${userId}/status`, { active })
    const off = await status(false)
    expect(off.status).toBe(200)
    expect(tenantUserSchema.parse(off.body)).toMatchObject({ role: 'Technician', deactivatedAt: expect.any(String) })
    expect((await send(t, cookie, 'GET', '/api/t/demo/cases')).status).toBe(401)
    const again = await t.signIn('pause.me@example.com')
    const paused = await send(t, again, 'GET', '/api/t/demo/cases')
    expect(paused.status).toBe(403)
    expect(errorBodySchema.parse(paused.body).error.message).toMatch(/paused/)
    const before = await fingerprint(t.db)
    expect((await status(true, manager)).status).toBe(403)
    expect((await status(false, admin, w.userId('admin@demo.local'))).status).toBe(403)
    expect((await status(false, admin, w.userId('admin@harbor.local'))).status).toBe(404)
    expect((await status('no')).status).toBe(400)
    expect(await fingerprint(t.db)).toBe(before)
    const on = await status(true)
    expect(tenantUserSchema.parse(on.body).deactivatedAt).toBeNull()
    expect((await send(t, again, 'GET', '/api/t/demo/cases')).status).toBe(200)
  })

  it('lets only an Admin do it, never to themselves, and never across workspaces', async () => {
    const before = await fingerprint(t.db)
    for (const cookie of [manager, tech]) {
      expect(
        (await send(t, cookie, 'POST', '/api/t/demo/admin/users', { email: 'x@y.zz', role: 'Admin' })).status,
      ).toBe(403)
      expect((await send(t, cookie, 'DELETE', `/api/t/demo/admin/users/${w.userId('tech@demo.local')}`)).status).toBe(
        403,
      )
    }
    expect((await send(t, admin, 'DELETE', `/api/t/demo/admin/users/${w.userId('admin@demo.local')}`)).status).toBe(403)
    expect((await send(t, admin, 'DELETE', `/api/t/demo/admin/users/${w.userId('admin@harbor.local')}`)).status).toBe(
      404,
    )
    expect(
      (await send(t, admin, 'POST', '/api/t/demo/admin/users', { email: 'not-an-email', role: 'Admin' })).status,
    ).toBe(400)
    expect((await send(t, admin, 'POST', '/api/t/demo/admin/users', { email: 'a@b.cc', role: 'Owner' })).status).toBe(
      400,
    )
    expect(await fingerprint(t.db)).toBe(before)
  })
})

describe('the System figures', () => {
  it('tells an Admin the version, the database, the knowledge base and sync, and nobody else', async () => {
    const res = await send(t, admin, 'GET', '/api/t/demo/admin/system')
    expect(res.status).toBe(200)
    const info = systemInfoSchema.parse(res.body)
    expect(info.version).toBe('1.0.0')
    expect(info.database.kind).toBe(onPostgres() ? 'postgres' : 'sqlite')
    // An in-memory SQLite database has no file to measure.
    expect(info.database.sizeBytes > 0).toBe(onPostgres())
    const documents = await t.db.selectFrom('kb_documents').select('id').where('tenant_slug', '=', 'demo').execute()
    expect(info.knowledge.documents).toBe(documents.length)
    expect(info.knowledge.passages).toBeGreaterThan(0)
    for (const cookie of [manager, tech])
      expect((await send(t, cookie, 'GET', '/api/t/demo/admin/system')).status).toBe(403)
  })

  it('says per expert whether its model can be called and who wrote the week’s answers, and the tenant’s last errors', async () => {
    const actor = { userId: await t.userId('tech@demo.local'), tenant: 'demo', role: 'Technician' } as const
    const messageId = newId()
    await recordUserMessage(t.db, actor, {
      conversationId: newId(),
      messageId,
      agentId: 'furuno',
      query: 'Radar shows no echoes',
    })
    await answerStoredMessage(t.deps, actor, messageId)
    t.deps.log.error({ tenant: 'demo', messageId }, 'could not answer a message')
    t.deps.log.error({ tenant: 'harbor' }, 'a harbor problem')
    const info = systemInfoSchema.parse((await send(t, admin, 'GET', '/api/t/demo/admin/system')).body)
    const furuno = info.models.find((m) => m.expert === 'furuno')
    expect(furuno).toMatchObject({ primary: 'openai:gpt-4o-mini', unavailable: 'The server has no key for openai.' })
    expect(furuno?.answers.local).toBeGreaterThanOrEqual(1)
    expect(furuno?.answers.primary).toBe(0)
    expect(info.recentErrors[0]?.message).toBe('could not answer a message')
    expect(JSON.stringify(info.recentErrors)).not.toContain('harbor')
  })

  it('names the web build it serves by its entry bundle hash and build time', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-dist-'))
    fs.writeFileSync(path.join(dist, 'index.html'), '<script type="module" src="/assets/index-Ab3_x9Zq.js"></script>')
    const served = await createTestApp({}, { WEB_DIST: dist })
    const cookie = await served.signIn('admin@demo.local')
    const info = systemInfoSchema.parse((await send(served, cookie, 'GET', '/api/t/demo/admin/system')).body)
    expect(info.build.id).toBe('Ab3_x9Zq')
    expect(Date.parse(info.build.builtAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
    fs.rmSync(dist, { recursive: true, force: true })
  })
})
