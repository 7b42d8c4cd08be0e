import { generateKeyPairSync, sign } from 'node:crypto'
import type { Server } from 'node:http'
import { createAdaptorServer } from '@hono/node-server'
import { currentUserSchema, errorBodySchema } from '@mw/sync-protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBrowser, listen, startOidcProvider, TEST_CLIENT, type TestIdentity } from '../test/oidc-provider.ts'
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

let appOrigin = ''
let issuer = ''
let closeProvider: () => Promise<void>
let rewriteIdTokens: (rewrite: ((idToken: string) => string) | null) => void
let appServer: Server
let serveApp: (req: Request) => Response | Promise<Response>
let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  // The app's port must be known before the provider registers its redirect URI, and the
  // provider's before the app is configured: listen first, plug the app in afterwards.
  appServer = createAdaptorServer({ fetch: (req) => serveApp(req) }) as Server
  appOrigin = `http://127.0.0.1:${await listen(appServer)}`
  const provider = await startOidcProvider({
    redirectUri: `${appOrigin}/api/callback`,
    postLogoutRedirectUri: `${appOrigin}/`,
    identities: IDENTITIES,
  })
  issuer = provider.issuer
  closeProvider = provider.close
  rewriteIdTokens = provider.rewriteIdTokens
})

afterAll(async () => {
  await closeProvider()
  await new Promise((resolve) => appServer.close(resolve))
})

beforeEach(async () => {
  ctx = await createTestApp(
    {},
    { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: TEST_CLIENT.clientId, OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret },
  )
  serveApp = ctx.app.fetch
})

const isCallback = (url: string) => url.startsWith(`${appOrigin}/api/callback`)

/** Runs /api/login through the provider's login and consent forms, stopping before the callback. */
async function authorizeAtProvider(browser: ReturnType<typeof createBrowser>, sub: string) {
  const login = await browser.follow(`${appOrigin}/api/login`)
  expect(login.url).toMatch(new RegExp(`^${issuer}/interaction/`))
  expect(await login.res.text()).toContain('name="login"')
  const consent = await browser.submit(login.url, { login: sub })
  expect(await consent.res.text()).toContain('name="consent"')
  const toCallback = await browser.submit(consent.url, { consent: 'yes' }, isCallback)
  expect(isCallback(toCallback.url)).toBe(true)
  return { authorizationUrl: new URL(login.hops[1]?.url ?? ''), callbackUrl: toCallback.url }
}

async function signInThroughProvider(browser: ReturnType<typeof createBrowser>, sub: string) {
  const { callbackUrl } = await authorizeAtProvider(browser, sub)
  return browser.follow(callbackUrl)
}

const sessionCount = async () =>
  (
    await ctx.db
      .selectFrom('sessions')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n

describe('sign-in through an OpenID Connect provider', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const { authorizationUrl } = await authorizeAtProvider(createBrowser(), 'taylor')
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${issuer}/auth`)
    const params = authorizationUrl.searchParams
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/)
    expect(params.get('redirect_uri')).toBe(`${appOrigin}/api/callback`)
    expect(params.get('scope')).toBe('openid email profile')
  })

  it('signs a seeded user in, linked by e-mail, and lands on their first tenant', async () => {
    const browser = createBrowser()
    const done = await signInThroughProvider(browser, 'taylor')
    const callback = done.hops[0]
    expect(callback?.status).toBe(302)
    expect(callback?.setCookies.find((c) => c.startsWith('mw_session='))).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(done.url).toBe(`${appOrigin}/t/demo`)
    const res = await browser.request(`${appOrigin}/api/auth/user`)
    expect(res.status).toBe(200)
    const user = currentUserSchema.parse(await res.json())
    expect(user).toMatchObject({
      id: await ctx.userId('tech@demo.local'),
      email: 'tech@demo.local',
      firstName: 'Taylor',
    })
    expect(user.tenants).toEqual([{ slug: 'demo', name: 'Marine Workbench', role: 'Technician' }])
    const row = await ctx.db
      .selectFrom('users')
      .select('oidc_subject')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.oidc_subject).toBe(`${issuer}|taylor`)
    expect(await ctx.db.selectFrom('login_states').selectAll().execute()).toEqual([])
  })

  it('creates a user with no tenants for a new e-mail, who reaches no tenant', async () => {
    const browser = createBrowser()
    const done = await signInThroughProvider(browser, 'newcomer')
    expect(done.url).toBe(`${appOrigin}/`)
    const user = currentUserSchema.parse(await (await browser.request(`${appOrigin}/api/auth/user`)).json())
    expect(user).toMatchObject({ email: 'new.person@example.com', firstName: 'Nia', lastName: 'Newcomer', tenants: [] })
    for (const path of ['/api/t/demo/cases', '/api/t/harbor/cases', '/api/t/demo/users']) {
      const res = await browser.request(`${appOrigin}${path}`)
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

  const b64url = (value: object | Buffer) =>
    (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url')
  const parts = (jwt: string) => {
    const [header = '', payload = '', signature = ''] = jwt.split('.')
    return {
      header: JSON.parse(Buffer.from(header, 'base64url').toString()),
      payload: JSON.parse(Buffer.from(payload, 'base64url').toString()),
      signature,
    }
  }
  const FORGERIES: [string, (jwt: string) => string][] = [
    ['a broken signature', (jwt) => `${jwt.slice(0, -6)}${jwt.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'}`],
    [
      'claims changed under the original signature (another person)',
      (jwt) => {
        const { header, payload, signature } = parts(jwt)
        return `${b64url(header)}.${b64url({ ...payload, sub: 'mallory', email: 'admin@demo.local' })}.${signature}`
      },
    ],
    [
      'no signature at all (alg none)',
      (jwt) => {
        const { payload } = parts(jwt)
        return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`
      },
    ],
    [
      'a signature by a key the provider does not publish',
      (jwt) => {
        const { header, payload } = parts(jwt)
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
        const input = `${b64url(header)}.${b64url(payload)}`
        return `${input}.${b64url(sign('sha256', Buffer.from(input), privateKey))}`
      },
    ],
    [
      'another audience',
      (jwt) => {
        const { header, payload, signature } = parts(jwt)
        return `${b64url(header)}.${b64url({ ...payload, aud: 'someone-else' })}.${signature}`
      },
    ],
  ]

  it.each(FORGERIES)('refuses an ID token with %s, starting no session', async (_, forge) => {
    rewriteIdTokens(forge)
    try {
      const browser = createBrowser()
      const { res } = await signInThroughProvider(browser, 'taylor')
      expect(res.status).toBe(401)
      expect(errorBodySchema.parse(await res.json()).error.code).toBe('unauthorized')
      expect(res.headers.getSetCookie().some((c) => c.startsWith('mw_session='))).toBe(false)
      expect(await sessionCount()).toBe(0)
      expect((await browser.request(`${appOrigin}/api/auth/user`)).status).toBe(401)
    } finally {
      rewriteIdTokens(null)
    }
  })

  it('signs in through the same rewriting path when the token is left as the provider signed it', async () => {
    rewriteIdTokens((jwt) => jwt)
    try {
      const { res } = await signInThroughProvider(createBrowser(), 'taylor')
      expect(res.status).toBeLessThan(400)
      expect(await sessionCount()).toBe(1)
    } finally {
      rewriteIdTokens(null)
    }
  })

  it('refuses a sign-in left unfinished for more than an hour', async () => {
    const browser = createBrowser()
    const { callbackUrl } = await authorizeAtProvider(browser, 'taylor')
    await ctx.db
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
    const admin = await ctx.db
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
    const login = await browser.follow(`${appOrigin}/api/login`)
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
    const res = await ctx.app.request('/api/login/local', {
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
    const logout = await browser.request(`${appOrigin}/api/logout`)
    expect(logout.status).toBe(302)
    const endSession = new URL(logout.headers.get('location') ?? '')
    expect(endSession.origin + endSession.pathname).toBe(`${issuer}/session/end`)
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${appOrigin}/`)
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^ey/)
    expect(await sessionCount()).toBe(0)
    expect((await browser.request(`${appOrigin}/api/auth/user`)).status).toBe(401)

    const confirm = await browser.follow(endSession.href)
    const page = await confirm.res.text()
    const action = /action="([^"]+)"/.exec(page)?.[1] ?? ''
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? ''
    const back = await browser.submit(new URL(action, issuer).href, { xsrf, logout: 'yes' })
    expect(back.hops.map((h) => h.url)).toContain(`${appOrigin}/`)
    // With the provider's session ended, signing in again asks for the login once more.
    const again = await browser.follow(`${appOrigin}/api/login`)
    expect(await again.res.text()).toContain('name="login"')
  })
})
