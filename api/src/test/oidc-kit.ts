import type { Server } from 'node:http'
import { createAdaptorServer } from '@hono/node-server'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { type createBrowser, listen, startOidcProvider, TEST_CLIENT, type TestIdentity } from './oidc-provider.ts'
import { createTestApp } from './test-app.ts'

/**
 * A real node-oidc-provider and the app on loopback, started once per test file; every test gets
 * a fresh app (`h.ctx`). Returns the live values and the browser journeys the OIDC tests share.
 */
export function useOidcHarness(identities: TestIdentity[]) {
  const h = {
    appOrigin: '',
    issuer: '',
    ctx: undefined as unknown as Awaited<ReturnType<typeof createTestApp>>,
    rewriteIdTokens: (_rewrite: ((idToken: string) => string) | null) => {},
  }
  let closeProvider: () => Promise<void>
  let appServer: Server
  let serveApp: (req: Request) => Response | Promise<Response>

  beforeAll(async () => {
    // The app's port must be known before the provider registers its redirect URI, and the
    // provider's before the app is configured: listen first, plug the app in afterwards.
    appServer = createAdaptorServer({ fetch: (req) => serveApp(req) }) as Server
    h.appOrigin = `http://127.0.0.1:${await listen(appServer)}`
    const provider = await startOidcProvider({
      redirectUri: `${h.appOrigin}/api/callback`,
      postLogoutRedirectUri: `${h.appOrigin}/`,
      identities,
    })
    h.issuer = provider.issuer
    closeProvider = provider.close
    h.rewriteIdTokens = provider.rewriteIdTokens
  })

  afterAll(async () => {
    await closeProvider()
    await new Promise((resolve) => appServer.close(resolve))
  })

  beforeEach(async () => {
    h.ctx = await createTestApp(
      {},
      { OIDC_ISSUER: h.issuer, OIDC_CLIENT_ID: TEST_CLIENT.clientId, OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret },
    )
    serveApp = h.ctx.app.fetch
  })

  const isCallback = (url: string) => url.startsWith(`${h.appOrigin}/api/callback`)

  /** Runs /api/login through the provider's login and consent forms, stopping before the callback. */
  async function authorizeAtProvider(browser: ReturnType<typeof createBrowser>, sub: string) {
    const login = await browser.follow(`${h.appOrigin}/api/login`)
    expect(login.url).toMatch(new RegExp(`^${h.issuer}/interaction/`))
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
      await h.ctx.db
        .selectFrom('sessions')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n

  return { h, isCallback, authorizeAtProvider, signInThroughProvider, sessionCount }
}
