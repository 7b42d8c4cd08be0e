import { describe, expect, it } from 'vitest'
import { loadEnv } from './env.ts'

const oidc = (issuer: string) => ({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'workbench', OIDC_CLIENT_SECRET: 's3cret' })

describe('the OpenID Connect issuer', () => {
  it.each(['http://idp.example.com', 'http://10.0.0.8:8080/realms/boat'])(
    '%s (plain http, not this machine) stops the server',
    (issuer) => {
      expect(() => loadEnv(oidc(issuer))).toThrow(/OIDC_ISSUER: must be an https address/)
    },
  )

  it.each(['https://idp.example.com', 'http://127.0.0.1:9000', 'http://localhost:9000'])('%s is accepted', (issuer) => {
    expect(loadEnv(oidc(issuer)).oidc?.issuer).toBe(issuer)
  })
})
