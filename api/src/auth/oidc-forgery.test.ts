import { generateKeyPairSync, sign } from 'node:crypto'
import { errorBodySchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { useOidcHarness } from '../test/oidc-kit.ts'
import { createBrowser } from '../test/oidc-provider.ts'

/** ID tokens rewritten between the provider and the app: each must be refused, with no session. */
const { h, signInThroughProvider, sessionCount } = useOidcHarness([
  { sub: 'taylor', email: 'tech@demo.local', email_verified: true },
  { sub: 'mallory', email: 'admin@demo.local', email_verified: false },
])

describe('forged ID tokens', () => {
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
    h.rewriteIdTokens(forge)
    try {
      const browser = createBrowser()
      const { res } = await signInThroughProvider(browser, 'taylor')
      expect(res.status).toBe(401)
      expect(errorBodySchema.parse(await res.json()).error.code).toBe('unauthorized')
      expect(res.headers.getSetCookie().some((c) => c.startsWith('mw_session='))).toBe(false)
      expect(await sessionCount()).toBe(0)
      expect((await browser.request(`${h.appOrigin}/api/auth/user`)).status).toBe(401)
    } finally {
      h.rewriteIdTokens(null)
    }
  })

  it('signs in through the same rewriting path when the token is left as the provider signed it', async () => {
    h.rewriteIdTokens((jwt) => jwt)
    try {
      const { res } = await signInThroughProvider(createBrowser(), 'taylor')
      expect(res.status).toBeLessThan(400)
      expect(await sessionCount()).toBe(1)
    } finally {
      h.rewriteIdTokens(null)
    }
  })
})
