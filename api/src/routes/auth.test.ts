import { currentUserSchema, errorBodySchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

describe('local sign-in', () => {
  it('lists one button per seeded user containing the e-mail', async () => {
    const { app } = await createTestApp()
    const page = await (await app.request('/api/login')).text()
    for (const email of [
      'admin@demo.local',
      'manager@demo.local',
      'tech@demo.local',
      'admin@harbor.local',
      'tech@harbor.local',
    ]) {
      expect(page).toMatch(new RegExp(`<button[^>]*>Sign in as ${email.replace('.', '\\.')}`))
    }
    // Said to the person signing in, not in an operator's words ("identity provider").
    expect(page).toContain('Choose your account to sign in.')
    expect(page).not.toMatch(/identity provider/i)
  })

  it('signs in, lands on the first tenant and answers the current user', async () => {
    const { app, signIn } = await createTestApp()
    const res = await app.request('/api/login/local', {
      method: 'POST',
      body: new URLSearchParams({ email: 'tech@harbor.local' }),
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/t/harbor')
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/)
    const cookie = await signIn('tech@demo.local')
    const user = currentUserSchema.parse(await (await app.request('/api/auth/user', { headers: { cookie } })).json())
    expect(user).toMatchObject({
      email: 'tech@demo.local',
      firstName: 'Taylor',
      lastName: 'Tech',
      claims: { sub: user.id },
    })
    expect(user.tenants).toEqual([{ slug: 'demo', name: 'Marine Workbench', role: 'Technician' }])
  })

  it('answers 401 in the error shape when signed out, and after logout', async () => {
    const { app, signIn } = await createTestApp()
    const anonymous = await app.request('/api/auth/user')
    expect(anonymous.status).toBe(401)
    expect(errorBodySchema.parse(await anonymous.json()).error.code).toBe('unauthorized')
    const cookie = await signIn('admin@demo.local')
    const logout = await app.request('/api/logout', { headers: { cookie } })
    expect(logout.status).toBe(302)
    expect(logout.headers.get('location')).toBe('/')
    expect((await app.request('/api/auth/user', { headers: { cookie } })).status).toBe(401)
  })

  it('signs out only when the browser opens /api/logout, not when a page loads it as an image or fetch', async () => {
    const { app, signIn } = await createTestApp()
    const cookie = await signIn('tech@demo.local')
    // A logo, a training image or another site's <img> pointed at /api/logout.
    for (const [mode, dest] of [
      ['no-cors', 'image'],
      ['cors', 'empty'],
      ['no-cors', 'script'],
      ['navigate', 'iframe'],
    ]) {
      const loaded = await app.request('/api/logout', {
        headers: { cookie, 'sec-fetch-mode': mode as string, 'sec-fetch-dest': dest as string },
      })
      expect(loaded.status).toBe(403)
      expect(errorBodySchema.parse(await loaded.json()).error.code).toBe('forbidden')
      expect(loaded.headers.get('set-cookie')).toBeNull()
      expect((await app.request('/api/auth/user', { headers: { cookie } })).status).toBe(200)
    }
    const opened = await app.request('/api/logout', {
      headers: { cookie, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    })
    expect(opened.status).toBe(302)
    expect((await app.request('/api/auth/user', { headers: { cookie } })).status).toBe(401)
    // A client that is not a browser (Node's fetch sends Sec-Fetch-Mode: cors, no Dest) signs out as before.
    const script = await signIn('tech@demo.local')
    const fetched = await app.request('/api/logout', { headers: { cookie: script, 'sec-fetch-mode': 'cors' } })
    expect(fetched.status).toBe(302)
    expect((await app.request('/api/auth/user', { headers: { cookie: script } })).status).toBe(401)
  })

  it('refuses a sign-in form posted from another site', async () => {
    const { app } = await createTestApp()
    const res = await app.request('/api/login/local', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: new URLSearchParams({ email: 'admin@demo.local' }),
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('answers a sign-in form that cannot be read with 400, not 500 (found by the endpoint fuzz)', async () => {
    const { app } = await createTestApp()
    const res = await app.request('/api/login/local', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '[]',
    })
    expect(res.status).toBe(400)
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('bad_request')
    expect(res.headers.get('set-cookie')).toBeNull()
  })
})

describe('sessions', () => {
  const signInRaw = (app: Awaited<ReturnType<typeof createTestApp>>['app'], url = 'http://localhost/api/login/local') =>
    app.request(url, { method: 'POST', body: new URLSearchParams({ email: 'tech@demo.local' }) })

  it.each([
    ['over http', {}, 'http://localhost/api/login/local', false],
    ['over https', {}, 'https://workbench.example/api/login/local', true],
    [
      'behind a TLS proxy (PUBLIC_URL https)',
      { PUBLIC_URL: 'https://workbench.example' },
      'http://localhost/api/login/local',
      true,
    ],
    [
      'on a boat LAN (PUBLIC_URL http)',
      { PUBLIC_URL: 'http://boat.local:3000' },
      'http://localhost/api/login/local',
      false,
    ],
  ])('sets an HttpOnly, SameSite=Lax cookie %s, Secure only over https', async (_case, env, url, secure) => {
    const { app } = await createTestApp({}, env)
    const cookie = (await signInRaw(app, url)).headers.get('set-cookie') ?? ''
    // Over https the name carries the __Host- prefix: Secure, Path=/, no Domain, so only this origin can set it.
    const name = secure ? '__Host-mw_session' : 'mw_session'
    expect(cookie).toMatch(new RegExp(`^${name}=[\\w-]{43}; Max-Age=\\d+; Path=/; HttpOnly; (Secure; )?SameSite=Lax$`))
    expect(cookie.includes('; Secure;')).toBe(secure)
    expect(cookie).not.toContain('Domain=')
  })

  it('stores only a hash of the token', async () => {
    const { db, signIn } = await createTestApp()
    const token = (await signIn('tech@demo.local')).split('=')[1] ?? ''
    const rows = await db.selectFrom('sessions').select('id_hash').execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.id_hash).not.toContain(token)
  })

  it('answers 401 for an expired session, and for a forged one', async () => {
    const { app, db, signIn } = await createTestApp()
    const cookie = await signIn('admin@demo.local')
    expect((await app.request('/api/t/demo/cases', { headers: { cookie } })).status).toBe(200)
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    for (const c of [cookie, 'mw_session=forged-token-that-was-never-issued']) {
      for (const path of ['/api/auth/user', '/api/t/demo/cases']) {
        const res = await app.request(path, { headers: { cookie: c } })
        expect(res.status).toBe(401)
        expect(errorBodySchema.parse(await res.json()).error.code).toBe('unauthorized')
      }
    }
  })

  it('renews a session in use once less than half its life is left', async () => {
    const { app, db, signIn } = await createTestApp()
    const cookie = await signIn('tech@demo.local')
    const fresh = await app.request('/api/t/demo/cases', { headers: { cookie } })
    expect(fresh.headers.get('set-cookie')).toBeNull()
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 10 * 86_400_000).toISOString() })
      .execute()
    const renewed = await app.request('/api/t/demo/cases', { headers: { cookie } })
    expect(renewed.status).toBe(200)
    expect(renewed.headers.get('set-cookie')).toBe(`${cookie}; Max-Age=17280000; Path=/; HttpOnly; SameSite=Lax`)
    const { expires_at } = await db.selectFrom('sessions').select('expires_at').executeTakeFirstOrThrow()
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(199 * 86_400_000)
  })

  it('deletes the server session on logout and clears the cookie', async () => {
    const { app, db, signIn } = await createTestApp()
    const cookie = await signIn('manager@demo.local')
    await signIn('tech@demo.local')
    const logout = await app.request('/api/logout', { headers: { cookie } })
    expect(logout.headers.get('set-cookie')).toMatch(/^mw_session=; Max-Age=0; Path=\//)
    const left = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('users.email')
      .execute()
    expect(left).toEqual([{ email: 'tech@demo.local' }])
  })

  it('ends the session a browser held before when it signs in again', async () => {
    const { app, db, signIn } = await createTestApp()
    const first = await signIn('manager@demo.local')
    const res = await app.request('/api/login/local', {
      method: 'POST',
      headers: { cookie: first },
      body: new URLSearchParams({ email: 'tech@demo.local' }),
    })
    expect(res.status).toBe(303)
    expect((await app.request('/api/auth/user', { headers: { cookie: first } })).status).toBe(401)
    expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(1)
  })

  it('refuses an unknown e-mail on the local sign-in without starting a session', async () => {
    const { app, db } = await createTestApp()
    const res = await app.request('/api/login/local', {
      method: 'POST',
      body: new URLSearchParams({ email: 'nobody@demo.local' }),
    })
    expect(res.status).toBe(400)
    expect(errorBodySchema.parse(await res.json()).error).toMatchObject({ code: 'invalid_input', field: 'email' })
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([])
  })
})
