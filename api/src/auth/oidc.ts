/**
 * Sign-in through an external OpenID Connect provider: authorization code flow with PKCE, state
 * and nonce (openid-client). The login state lives in the database, not in memory, so a restart
 * between redirect and callback does not break a sign-in.
 */
import type { Context } from 'hono'
import * as client from 'openid-client'
import type { AppEnv } from '../app-env.ts'
import type { Db } from '../db/database.ts'
import { firstTenantOf } from '../db/queries/users.ts'
import type { OidcEnv } from '../env.ts'
import { ApiError } from '../errors.ts'
import { newId } from '../lib/ids.ts'
import { daysAgo, now } from '../lib/time.ts'
import { startSession } from './sessions.ts'

const configs = new Map<string, Promise<client.Configuration>>()

function discover(oidc: OidcEnv): Promise<client.Configuration> {
  let config = configs.get(oidc.issuer)
  if (!config) {
    const issuer = new URL(oidc.issuer)
    // Loopback issuers (tests, a provider on the boat's own network) may speak plain http.
    const options = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined
    config = client.discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, options)
    config.catch(() => configs.delete(oidc.issuer))
    configs.set(oidc.issuer, config)
  }
  return config
}

const callbackUrl = (c: Context<AppEnv>) => {
  const base = c.get('deps').env.PUBLIC_URL ?? new URL(c.req.url).origin
  return new URL('/api/callback', base).href
}

export async function oidcLogin(c: Context<AppEnv>, oidc: OidcEnv) {
  const config = await discover(oidc).catch((cause) => {
    throw new ApiError('unavailable', 'The sign-in provider cannot be reached. Try again in a moment.', { cause })
  })
  const codeVerifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const { db } = c.get('deps')
  await db.deleteFrom('login_states').where('created_at', '<', daysAgo(1)).execute()
  await db
    .insertInto('login_states')
    .values({ state, code_verifier: codeVerifier, nonce, return_to: '/', created_at: now() })
    .execute()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(c),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return c.redirect(url.href, 302)
}

export async function oidcCallback(c: Context<AppEnv>, oidc: OidcEnv) {
  const { db } = c.get('deps')
  const config = await discover(oidc)
  const state = c.req.query('state') ?? ''
  const login = await db.selectFrom('login_states').selectAll().where('state', '=', state).executeTakeFirst()
  if (!login) throw new ApiError('invalid_input', 'This sign-in link has expired. Start the sign-in again.', { field: 'state' })
  await db.deleteFrom('login_states').where('state', '=', state).execute()
  const current = new URL(c.req.url)
  const fixed = new URL(current.pathname + current.search, callbackUrl(c))
  const tokens = await client
    .authorizationCodeGrant(config, fixed, {
      pkceCodeVerifier: login.code_verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    })
    .catch((cause) => {
      throw new ApiError('unauthorized', 'The sign-in provider did not confirm who you are. Start the sign-in again.', { cause })
    })
  const claims = tokens.claims()
  if (!claims) throw new ApiError('unauthorized', 'The sign-in provider sent no identity. Start the sign-in again.')
  const userId = await upsertOidcUser(db, `${claims.iss}|${claims.sub}`, claims)
  await startSession(c, userId, tokens.id_token ?? null)
  return c.redirect(`/t/${(await firstTenantOf(db, userId)) ?? 'demo'}`, 302)
}

/** Links the identity to the user with the same verified e-mail, or creates a user without tenants. */
async function upsertOidcUser(db: Db, subject: string, claims: client.IDToken): Promise<string> {
  const bySubject = await db.selectFrom('users').select('id').where('oidc_subject', '=', subject).executeTakeFirst()
  if (bySubject) return bySubject.id
  const email = typeof claims.email === 'string' ? claims.email : null
  if (!email) throw new ApiError('forbidden', 'Your account has no e-mail address, which Marine Workbench needs.')
  const byEmail = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (byEmail) {
    if (claims.email_verified === false) {
      throw new ApiError('forbidden', 'Verify your e-mail address with your sign-in provider, then sign in again.')
    }
    await db.updateTable('users').set({ oidc_subject: subject }).where('id', '=', byEmail.id).execute()
    return byEmail.id
  }
  const id = newId()
  await db
    .insertInto('users')
    .values({
      id,
      email,
      first_name: typeof claims.given_name === 'string' ? claims.given_name : null,
      last_name: typeof claims.family_name === 'string' ? claims.family_name : null,
      profile_image_url: typeof claims.picture === 'string' ? claims.picture : null,
      oidc_subject: subject,
      created_at: now(),
    })
    .execute()
  return id
}

export async function oidcLogoutUrl(c: Context<AppEnv>, oidc: OidcEnv, idToken: string | null): Promise<string | null> {
  const config = await discover(oidc).catch(() => null)
  if (!config?.serverMetadata().end_session_endpoint) return null
  const base = c.get('deps').env.PUBLIC_URL ?? new URL(c.req.url).origin
  return client
    .buildEndSessionUrl(config, {
      post_logout_redirect_uri: new URL('/', base).href,
      ...(idToken ? { id_token_hint: idToken } : {}),
    })
    .href
}
