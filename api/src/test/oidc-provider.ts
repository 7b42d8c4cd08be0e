/**
 * A real OpenID Connect provider (node-oidc-provider) on loopback for sign-in tests, with a
 * minimal interaction (a login form that names the account, then a consent form) in place of
 * the provider's noisy development screens, and a cookie-keeping client that follows redirects
 * the way a browser does.
 */
import { generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Account, type AdapterPayload, type ClaimsParameterMember } from 'oidc-provider'

export interface TestIdentity {
  sub: string
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
}

export interface TestProviderOptions {
  redirectUri: string
  postLogoutRedirectUri: string
  identities: TestIdentity[]
}

export const TEST_CLIENT = { clientId: 'marine-workbench', clientSecret: 'a-test-secret-that-is-long-enough' }

export async function startOidcProvider(options: TestProviderOptions) {
  const server = createServer()
  const port = await listen(server)
  const issuer = `http://127.0.0.1:${port}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const identities = new Map(options.identities.map((i) => [i.sub, i]))

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['test-cookie-signing-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        logoutSource: (ctx, form) => {
          ctx.body = `${form}<button form="op.logoutForm" name="logout" value="yes">Sign out</button>`
        },
      },
    },
    adapter: MemoryAdapter,
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub): Account | undefined => {
      const identity = identities.get(sub)
      return (
        identity && { accountId: sub, claims: () => identity as unknown as ClaimsParameterMember & { sub: string } }
      )
    },
  })
  // A test can rewrite the ID token the token endpoint hands out: a forger between provider and app.
  let rewriteIdToken: ((idToken: string) => string) | null = null
  provider.use(async (ctx, next) => {
    await next()
    const body = ctx.body as { id_token?: unknown } | undefined
    if (rewriteIdToken && ctx.path === '/token' && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: rewriteIdToken(body.id_token) }
    }
  })
  const callback = provider.callback()
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(provider, req, res).catch((error: unknown) => {
        res.statusCode = 500
        res.end(String(error))
      })
    } else {
      callback(req, res)
    }
  })

  return {
    issuer,
    rewriteIdTokens: (rewrite: ((idToken: string) => string) | null) => {
      rewriteIdToken = rewrite
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The provider's own store, declared so it does not warn that it is for development only. */
class MemoryAdapter {
  static store = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  private readonly model: string
  constructor(model: string) {
    this.model = model
  }
  private key = (id: string) => `${this.model}:${id}`
  async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    MemoryAdapter.store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 })
  }
  async find(id: string) {
    const entry = MemoryAdapter.store.get(this.key(id))
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined
  }
  async findByUid(uid: string) {
    for (const [key, { payload }] of MemoryAdapter.store)
      if (key.startsWith(`${this.model}:`) && payload.uid === uid) return payload
    return undefined
  }
  async findByUserCode() {
    return undefined
  }
  async consume(id: string) {
    const entry = MemoryAdapter.store.get(this.key(id))
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id))
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, { payload }] of MemoryAdapter.store)
      if (payload.grantId === grantId) MemoryAdapter.store.delete(key)
  }
}

async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse) {
  const { uid, prompt, params, session, grantId } = await provider.interactionDetails(req, res)
  if (req.method === 'GET') {
    res.setHeader('content-type', 'text/html')
    const field = prompt.name === 'login' ? '<input name="login">' : '<input type="hidden" name="consent" value="yes">'
    res.end(`<form method="post" action="/interaction/${uid}">${field}<button>${prompt.name}</button></form>`)
    return
  }
  const form = new URLSearchParams(await readBody(req))
  if (form.has('abort')) {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled.' })
    return
  }
  if (prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: form.get('login') ?? '' } })
    return
  }
  const grant = grantId
    ? await provider.Grant.find(grantId)
    : new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) })
  if (!grant) throw new Error('grant vanished')
  const details = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '))
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims)
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  )
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
}

export interface Hop {
  url: string
  status: number
  setCookies: string[]
}

/**
 * A browser stand-in: keeps cookies per host (as browsers do, ignoring the port; it ignores
 * paths and reads expiry only as removal, which these flows do not need more of) and follows
 * redirects one hop at a time so a test can look at each.
 */
export function createBrowser() {
  const jar = new Map<string, Map<string, string>>()
  const cookiesOf = (host: string) => {
    const cookies = jar.get(host) ?? new Map<string, string>()
    jar.set(host, cookies)
    return cookies
  }

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url)
    const headers = new Headers(init.headers)
    const cookies = [...cookiesOf(target.hostname)].map(([k, v]) => `${k}=${v}`).join('; ')
    if (cookies) headers.set('cookie', cookies)
    const res = await fetch(target, { ...init, headers, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a))
      if (expired) cookiesOf(target.hostname).delete(name)
      else cookiesOf(target.hostname).set(name, pair.slice(eq + 1).trim())
    }
    return res
  }

  /**
   * Follows redirects from `url` until an answer that is not a redirect, or until the next hop
   * would be a URL that `stopBefore` matches; returns the last answer and every hop taken.
   */
  async function follow(url: string, init: RequestInit = {}, stopBefore?: (next: string) => boolean) {
    let res = await request(url, init)
    const hops: Hop[] = [{ url, status: res.status, setCookies: res.headers.getSetCookie() }]
    while (res.status >= 300 && res.status < 400 && hops.length < 20) {
      const next = new URL(res.headers.get('location') ?? '', hops.at(-1)?.url).href
      if (stopBefore?.(next)) return { res, url: next, hops }
      res = await request(next)
      hops.push({ url: next, status: res.status, setCookies: res.headers.getSetCookie() })
    }
    return { res, url: hops.at(-1)?.url ?? url, hops }
  }

  /** Submits a form like a browser: urlencoded POST, then follows the redirects. */
  const submit = (url: string, fields: Record<string, string>, stopBefore?: (next: string) => boolean) =>
    follow(url, { method: 'POST', body: new URLSearchParams(fields) }, stopBefore)

  return { request, follow, submit, cookies: (host: string) => cookiesOf(host) }
}
