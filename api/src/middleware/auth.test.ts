import { Writable } from 'node:stream'
import { errorBodySchema } from '@mw/sync-protocol'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../lib/logger.ts'
import { createTestApp } from '../test/test-app.ts'
import { testDatabase } from '../test/test-database.ts'

const originParts = fc.tuple(
  fc.constantFrom('http', 'https'),
  fc.oneof(fc.constant('localhost'), fc.domain()),
  fc.option(fc.integer({ min: 1, max: 65535 })),
)

const errorOf = async (res: Response) => errorBodySchema.parse(await res.json()).error

describe('cookie-authenticated writes from other sites', () => {
  const PUBLIC_URL = 'https://workbench.example'
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['the same host on another port', { origin: 'http://localhost:8080' }, 403],
    ['the same host over another scheme', { origin: 'https://localhost' }, 403],
    ['an opaque Origin (null)', { origin: 'null' }, 403],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }, 403],
    ['a same-origin Origin sent cross-site', { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' }, 403],
    ['the same origin', { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }, 200],
    ['the public origin behind a proxy', { origin: PUBLIC_URL }, 200],
    ['no Origin (not a browser)', {}, 200],
  ] as const)('%s answers %i to PUT /cases/{id}', async (_case, headers, status) => {
    const { app, db, signIn } = await createTestApp({}, { PUBLIC_URL })
    const cookie = await signIn('manager@demo.local')
    const before = await db.selectFrom('cases').selectAll().where('tenant_slug', '=', 'demo').executeTakeFirstOrThrow()
    const next = before.status === 'Resolved' ? 'Open' : 'Resolved'
    const res = await app.request(`/api/t/demo/cases/${before.id}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ status: next }),
    })
    expect(res.status).toBe(status)
    const after = await db.selectFrom('cases').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow()
    if (status === 403) {
      expect(await errorOf(res)).toMatchObject({
        code: 'forbidden',
        message: 'This request came from another site and was refused.',
      })
      expect(after).toEqual(before)
    } else {
      expect(after.status).toBe(next)
    }
  })

  it('refuses any other origin, and starts no session for it', async () => {
    const { app, db } = await createTestApp()
    await fc.assert(
      fc.asyncProperty(originParts, async ([scheme, host, port]) => {
        // Near misses of the app's own http://localhost (other scheme, other port) included.
        const origin = new URL(`${scheme}://${host}${port === null ? '' : `:${port}`}`).origin
        fc.pre(origin !== 'http://localhost')
        const res = await app.request('/api/login/local', {
          method: 'POST',
          headers: { origin },
          body: new URLSearchParams({ email: 'admin@demo.local' }),
        })
        expect(res.status).toBe(403)
      }),
      { numRuns: 100 },
    )
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([])
  })

  it('lets cross-site reads through (no cookie-bound side effects, and no CORS to read them)', async () => {
    const { app, signIn } = await createTestApp()
    const cookie = await signIn('tech@demo.local')
    const res = await app.request('/api/auth/user', {
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('tenant membership', () => {
  it.each([
    ['signed out', null, '/api/t/demo/cases', 401, 'unauthorized'],
    ['another tenant', 'tech@demo.local', '/api/t/harbor/cases', 404, 'not_found'],
    ['a tenant that does not exist', 'tech@demo.local', '/api/t/nowhere/cases', 404, 'not_found'],
    ['another tenant, writing', 'admin@demo.local', '/api/t/harbor/cases', 404, 'not_found'],
  ] as const)('%s answers %i', async (_case, email, path, status, code) => {
    const { app, db, signIn } = await createTestApp()
    const cookie = email ? await signIn(email) : ''
    const countCases = async () =>
      (
        await db
          .selectFrom('cases')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    const before = await countCases()
    const write = _case.endsWith('writing')
    const res = await app.request(path, {
      method: write ? 'POST' : 'GET',
      headers: { cookie, 'content-type': 'application/json' },
      ...(write ? { body: JSON.stringify({ title: 'Injected', expert: 'furuno' }) } : {}),
    })
    expect(res.status).toBe(status)
    expect((await errorOf(res)).code).toBe(code)
    expect(await countCases()).toBe(before)
  })

  it('answers a tenant the user does not belong to exactly like one that does not exist', async () => {
    const { app, signIn } = await createTestApp()
    const cookie = await signIn('tech@demo.local')
    const [other, missing] = await Promise.all(
      ['harbor', 'nowhere'].map(async (t) =>
        (await errorOf(await app.request(`/api/t/${t}/cases`, { headers: { cookie } }))).message.replace(t, '*'),
      ),
    )
    expect(other).toBe(missing)
  })
  it.each(['HARBOR', '%68arbor', 'harbor%20', 'demo%2F..%2Fharbor', 'harbor%00'])(
    'does not let a demo user into harbor as /api/t/%s',
    async (slug) => {
      const { app, signIn } = await createTestApp()
      const cookie = await signIn('admin@demo.local')
      const res = await app.request(`/api/t/${slug}/admin/users`, { headers: { cookie } })
      expect(res.status).toBe(404)
      expect(JSON.stringify(await res.json())).not.toContain('harbor.local')
    },
  )

  it('applies a role change or a removal on the very next request of an open session', async () => {
    const { app, db, signIn, userId } = await createTestApp()
    const cookie = await signIn('admin@demo.local')
    const users = () => app.request('/api/t/demo/admin/users', { headers: { cookie } })
    expect((await users()).status).toBe(200)
    const membership = db.updateTable('memberships').where('user_id', '=', await userId('admin@demo.local'))
    await membership.set({ role: 'Technician' }).where('tenant_slug', '=', 'demo').execute()
    expect((await users()).status).toBe(403)
    await db
      .deleteFrom('memberships')
      .where('user_id', '=', await userId('admin@demo.local'))
      .execute()
    expect((await users()).status).toBe(404)
  })
})

describe('the API boundary', () => {
  it.each(['GET', 'POST', 'DELETE'])('answers an unknown /api path to %s with 404 JSON', async (method) => {
    const { app, signIn } = await createTestApp()
    for (const cookie of ['', await signIn('admin@demo.local')]) {
      const res = await app.request('/api/no-such-call', { method, headers: { cookie } })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await errorOf(res)).toEqual({ code: 'not_found', message: 'There is no such API call.' })
    }
  })

  it('answers any made-up session cookie 401 in the error shape, never 500', async () => {
    const { app, signIn } = await createTestApp()
    await signIn('admin@demo.local')
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[\x21-\x3a\x3c-\x7e]{0,80}$/), async (token) => {
        const res = await app.request('/api/t/demo/cases', { headers: { cookie: `mw_session=${token}` } })
        expect(res.status).toBe(401)
        expect((await errorOf(res)).code).toBe('unauthorized')
      }),
      { numRuns: 150 },
    )
  })

  it('answers an internal error with a generic sentence, logging the cause but never sending it', async () => {
    const unmigrated = await testDatabase({ migrated: false })
    const logged: string[] = []
    const log = createLogger(
      { LOG_LEVEL: 'error' },
      new Writable({
        write(chunk, _encoding, done) {
          logged.push(String(chunk))
          done()
        },
      }),
    )
    const { app } = await createTestApp({ db: unmigrated, log })
    const res = await app.request('/api/login')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(errorBodySchema.parse(JSON.parse(text)).error).toEqual({
      code: 'internal',
      message: 'Something went wrong on the server. Try again; if it keeps failing, tell your administrator.',
    })
    expect(text).not.toMatch(/no such table|does not exist|SqliteError|DatabaseError|\bat \S+:\d+|\.ts\b/)
    // SQLite's words, or PostgreSQL's.
    expect(logged.join('')).toMatch(/no such table|relation .{0,2}"users.{0,2}" does not exist/)
  })
})

describe('the membership read with the session', () => {
  it('is the workspace the path names, however it is spelt, and a paused or missing one is refused', async () => {
    const { app, db, signIn, userId } = await createTestApp()
    const cookie = await signIn('tech@demo.local')
    const list = (tenant: string) => app.request(`/api/t/${tenant}/cases`, { headers: { cookie } })
    for (const spelt of ['demo', 'DEMO', '%64emo']) expect((await list(spelt)).status, spelt).toBe(200)
    for (const other of ['harbor', 'de%2Fmo', 'nowhere']) {
      const res = await list(other)
      expect(res.status, other).toBe(404)
      expect((await errorOf(res)).code).toBe('not_found')
    }
    await db
      .updateTable('memberships')
      .set({ deactivated_at: new Date().toISOString() })
      .where('tenant_slug', '=', 'demo')
      .where('user_id', '=', await userId('tech@demo.local'))
      .execute()
    const paused = await list('demo')
    expect(paused.status).toBe(403)
    expect((await errorOf(paused)).message).toBe(
      'Your access to this workspace is paused. Ask its administrator to reactivate it.',
    )
  })

  it('is read only with a live session: an expired, too old or ended one answers 401; a removed membership 404', async () => {
    const { app, db, signIn, userId } = await createTestApp({}, { SESSION_MAX_DAYS: '30' })
    const list = (cookie: string) => app.request('/api/t/demo/cases', { headers: { cookie } })
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
    const refusedWith = async (cookie: string, change: { expires_at?: string; created_at?: string }) => {
      expect((await list(cookie)).status).toBe(200)
      await db.updateTable('sessions').set(change).execute()
      const res = await list(cookie)
      expect(res.status).toBe(401)
      expect((await errorOf(res)).code).toBe('unauthorized')
      await db.deleteFrom('sessions').execute()
    }
    await refusedWith(await signIn('tech@demo.local'), { expires_at: at(-0.001) })
    await refusedWith(await signIn('tech@demo.local'), { created_at: at(-30.001) })
    const ended = await signIn('tech@demo.local')
    expect((await list(ended)).status).toBe(200)
    await db.deleteFrom('sessions').execute()
    expect((await list(ended)).status).toBe(401)

    // Just inside both limits it still holds.
    const cookie = await signIn('tech@demo.local')
    await db
      .updateTable('sessions')
      .set({ created_at: at(-29.99), expires_at: at(0.01) })
      .execute()
    expect((await list(cookie)).status).toBe(200)
    await db
      .deleteFrom('memberships')
      .where('tenant_slug', '=', 'demo')
      .where('user_id', '=', await userId('tech@demo.local'))
      .execute()
    expect((await list(cookie)).status).toBe(404)
  })
})
