import { currentUserSchema, errorBodySchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { useOidcHarness } from '../test/oidc-kit.ts'
import { createBrowser, type TestIdentity } from '../test/oidc-provider.ts'
import { createTestApp } from '../test/test-app.ts'

const IDENTITIES: TestIdentity[] = [
  { sub: 'taylor', email: 'tech@demo.local', email_verified: true, given_name: 'Taylor', family_name: 'Tech' },
  { sub: 'taylor-again', email: 'TECH@demo.local', email_verified: true },
  {
    sub: 'newcomer',
    email: 'new.person@example.com',
    email_verified: true,
    given_name: 'Nia',
    family_name: 'Newcomer',
  },
  { sub: 'mallory', email: 'admin@demo.local', email_verified: false },
  { sub: 'nomail' },
]

const { h, isCallback, authorizeAtProvider, signInThroughProvider, sessionCount } = useOidcHarness(IDENTITIES)

describe('sign-in through an OpenID Connect provider', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const { authorizationUrl } = await authorizeAtProvider(createBrowser(), 'taylor')
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${h.issuer}/auth`)
    const params = authorizationUrl.searchParams
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/)
    expect(params.get('redirect_uri')).toBe(`${h.appOrigin}/api/callback`)
    expect(params.get('scope')).toBe('openid email profile')
  })

  it('signs a seeded user in, linked by e-mail, and lands on their first tenant', async () => {
    const browser = createBrowser()
    const done = await signInThroughProvider(browser, 'taylor')
    const callback = done.hops[0]
    expect(callback?.status).toBe(302)
    expect(callback?.setCookies.find((c) => c.startsWith('mw_session='))).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(done.url).toBe(`${h.appOrigin}/t/demo`)
    const res = await browser.request(`${h.appOrigin}/api/auth/user`)
    expect(res.status).toBe(200)
    const user = currentUserSchema.parse(await res.json())
    expect(user).toMatchObject({
      id: await h.ctx.userId('tech@demo.local'),
      email: 'tech@demo.local',
      firstName: 'Taylor',
    })
    expect(user.tenants).toEqual([{ slug: 'demo', name: 'Marine Workbench', role: 'Technician' }])
    const row = await h.ctx.db
      .selectFrom('users')
      .select('oidc_subject')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.oidc_subject).toBe(`${h.issuer}|taylor`)
    expect(await h.ctx.db.selectFrom('login_states').selectAll().execute()).toEqual([])
  })

  it('creates a user with no tenants for a new e-mail, who reaches no tenant', async () => {
    const browser = createBrowser()
    const done = await signInThroughProvider(browser, 'newcomer')
    expect(done.url).toBe(`${h.appOrigin}/`)
    const user = currentUserSchema.parse(await (await browser.request(`${h.appOrigin}/api/auth/user`)).json())
    expect(user).toMatchObject({ email: 'new.person@example.com', firstName: 'Nia', lastName: 'Newcomer', tenants: [] })
    for (const path of ['/api/t/demo/cases', '/api/t/harbor/cases', '/api/t/demo/users']) {
      const res = await browser.request(`${h.appOrigin}${path}`)
      expect(res.status).toBe(404)
      expect(errorBodySchema.parse(await res.json()).error.code).toBe('not_found')
    }
  })

  it('refuses a tampered state, and a callback link carried to another browser, starting no session', async () => {
    const browser = createBrowser()
    const { callbackUrl } = await authorizeAtProvider(browser, 'taylor')
    const tampered = new URL(callbackUrl)
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`)
    const attempts = [() => browser.request(tampered.href), () => createBrowser().request(callbackUrl)]
    for (const attempt of attempts) {
      const res = await attempt()
      expect(res.status).toBe(400)
      expect(errorBodySchema.parse(await res.json()).error).toMatchObject({ code: 'invalid_input', field: 'state' })
      expect(res.headers.getSetCookie().some((c) => c.startsWith('mw_session='))).toBe(false)
      expect(await sessionCount()).toBe(0)
    }
  })

  it('refuses a sign-in left unfinished for more than an hour', async () => {
    const browser = createBrowser()
    const { callbackUrl } = await authorizeAtProvider(browser, 'taylor')
    await h.ctx.db
      .updateTable('login_states')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .execute()
    const res = await browser.request(callbackUrl)
    expect(res.status).toBe(400)
    expect(await sessionCount()).toBe(0)
  })

  it('answers a replayed callback 400 after the first one signed in', async () => {
    const browser = createBrowser()
    const { callbackUrl } = await authorizeAtProvider(browser, 'taylor')
    const cookie = browser.cookies('127.0.0.1').get('mw_login') ?? ''
    expect((await browser.request(callbackUrl)).status).toBe(302)
    const replay = await fetch(callbackUrl, { headers: { cookie: `mw_login=${cookie}` }, redirect: 'manual' })
    expect(replay.status).toBe(400)
    expect(await sessionCount()).toBe(1)
  })

  it.each([
    ['an unverified e-mail that matches a user', 'mallory', 'Verify your e-mail'],
    ['no e-mail at all', 'nomail', 'no e-mail address'],
  ])('refuses an identity with %s', async (_case, sub, message) => {
    const browser = createBrowser()
    const { res } = await signInThroughProvider(browser, sub)
    expect(res.status).toBe(403)
    expect(errorBodySchema.parse(await res.json()).error.message).toContain(message)
    expect(await sessionCount()).toBe(0)
    const admin = await h.ctx.db
      .selectFrom('users')
      .select('oidc_subject')
      .where('email', '=', 'admin@demo.local')
      .executeTakeFirstOrThrow()
    expect(admin.oidc_subject).toBeNull()
  })

  it('does not let a second identity take over a linked user with the same e-mail', async () => {
    await signInThroughProvider(createBrowser(), 'taylor')
    const { res } = await signInThroughProvider(createBrowser(), 'taylor-again')
    expect(res.status).toBe(403)
    expect(errorBodySchema.parse(await res.json()).error.message).toContain('already linked')
    expect(await sessionCount()).toBe(1)
  })

  it('answers 401 and starts no session when the user cancels at the provider', async () => {
    const browser = createBrowser()
    const login = await browser.follow(`${h.appOrigin}/api/login`)
    const { res, hops } = await browser.submit(login.url, { abort: 'yes' })
    expect(hops.some((h) => isCallback(h.url) && h.url.includes('error=access_denied'))).toBe(true)
    expect(res.status).toBe(401)
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('unauthorized')
    expect(await sessionCount()).toBe(0)
  })

  it('answers 503 in the error shape when the provider cannot be reached', async () => {
    const down = await createTestApp(
      {},
      { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' },
    )
    const res = await down.app.request('/api/login')
    expect(res.status).toBe(503)
    expect(errorBodySchema.parse(await res.json()).error).toMatchObject({ code: 'unavailable' })
  })

  it('turns the local sign-in off', async () => {
    const res = await h.ctx.app.request('/api/login/local', {
      method: 'POST',
      body: new URLSearchParams({ email: 'admin@demo.local' }),
    })
    expect(res.status).toBe(404)
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('not_found')
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await sessionCount()).toBe(0)
  })

  it('signs out of the app and of the provider', async () => {
    const browser = createBrowser()
    await signInThroughProvider(browser, 'taylor')
    expect(await sessionCount()).toBe(1)
    const logout = await browser.request(`${h.appOrigin}/api/logout`)
    expect(logout.status).toBe(302)
    const endSession = new URL(logout.headers.get('location') ?? '')
    expect(endSession.origin + endSession.pathname).toBe(`${h.issuer}/session/end`)
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${h.appOrigin}/`)
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^ey/)
    expect(await sessionCount()).toBe(0)
    expect((await browser.request(`${h.appOrigin}/api/auth/user`)).status).toBe(401)

    const confirm = await browser.follow(endSession.href)
    const page = await confirm.res.text()
    const action = /action="([^"]+)"/.exec(page)?.[1] ?? ''
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? ''
    const back = await browser.submit(new URL(action, h.issuer).href, { xsrf, logout: 'yes' })
    expect(back.hops.map((h) => h.url)).toContain(`${h.appOrigin}/`)
    // With the provider's session ended, signing in again asks for the login once more.
    const again = await browser.follow(`${h.appOrigin}/api/login`)
    expect(await again.res.text()).toContain('name="login"')
  })
})
