/**
 * Sign-in through an external OpenID Connect provider: authorization code flow with PKCE, state
 * and nonce (openid-client). The login state lives in the database, not in memory, so a restart
 * between redirect and callback does not break a sign-in.
 */
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import * as client from 'openid-client'
import type { AppEnv } from '../app-env.ts'
import type { Db } from '../db/database.ts'
import { saveLoginState, takeLoginState } from '../db/queries/login-states.ts'
import { findUserBySubject, findUserLink, firstTenantOf, insertUser, linkUserSubject } from '../db/queries/users.ts'
import type { OidcEnv } from '../env.ts'
import { ApiError } from '../errors.ts'
import { deleteCookie, setCookie } from '../lib/cookies.ts'
import { newId } from '../lib/ids.ts'
import { daysAgo, now } from '../lib/time.ts'
import { cookieSecure, landingPath, startSession } from './sessions.ts'

const LOGIN_COOKIE = 'mw_login'
/** How long a started sign-in may take at the provider (password reset, second factor). */
const LOGIN_STATE_SECONDS = 60 * 60

type Claims = Record<string, unknown>

const loginStatesSince = () => daysAgo(LOGIN_STATE_SECONDS / 86_400)

const configs = new Map<string, Promise<client.Configuration>>()

function discover(oidc: OidcEnv): Promise<client.Configuration> {
  const key = `${oidc.issuer} ${oidc.clientId}`
  let config = configs.get(key)
  if (!config) {
    const issuer = new URL(oidc.issuer)
    // ID tokens are checked against the provider's keys too, not only trusted for arriving over TLS.
    const execute = [client.enableNonRepudiationChecks]
    // env.ts admits an http issuer only on this machine (tests, a provider beside the server).
    if (issuer.protocol === 'http:') execute.push(client.allowInsecureRequests)
    config = client.discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, {
      execute,
      [client.customFetch]: (url, options) => oidc.fetch(url, options as RequestInit),
    })
    config.catch(() => configs.delete(key))
    configs.set(key, config)
  }
  return config
}

const reachProvider = (oidc: OidcEnv) =>
  discover(oidc).catch((cause) => {
    throw new ApiError('unavailable', 'The sign-in provider cannot be reached. Try again in a moment.', { cause })
  })

const callbackUrl = (c: Context<AppEnv>) => {
  const base = c.get('deps').env.PUBLIC_URL ?? new URL(c.req.url).origin
  return new URL('/api/callback', base).href
}

export async function oidcLogin(c: Context<AppEnv>, oidc: OidcEnv) {
  const config = await reachProvider(oidc)
  const codeVerifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const { db } = c.get('deps')
  await saveLoginState(db, { state, codeVerifier, nonce, at: now() }, loginStatesSince())
  // Binds the sign-in to this browser: a callback link carried to another browser (login CSRF,
  // signing a victim in as the attacker) finds no matching cookie and starts no session.
  setCookie(c, LOGIN_COOKIE, state, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: cookieSecure(c),
    path: '/api/callback',
    maxAge: LOGIN_STATE_SECONDS,
  })
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
  const state = c.req.query('state') ?? ''
  const bound = getCookie(c, LOGIN_COOKIE)
  deleteCookie(c, LOGIN_COOKIE, { path: '/api/callback' })
  // Only the browser that started this sign-in may use (and so spend) its state.
  const login = bound === state ? await takeLoginState(db, state, loginStatesSince()) : undefined
  if (!login) {
    throw new ApiError(
      'invalid_input',
      'This sign-in link has expired or was started elsewhere. Start the sign-in again.',
      {
        field: 'state',
      },
    )
  }
  const config = await reachProvider(oidc)
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
      throw new ApiError('unauthorized', 'The sign-in provider did not confirm who you are. Start the sign-in again.', {
        cause,
      })
    })
  const idClaims = tokens.claims()
  if (!idClaims) throw new ApiError('unauthorized', 'The sign-in provider sent no identity. Start the sign-in again.')
  // A conforming provider may put e-mail and name only in UserInfo, not in the ID token.
  const claims =
    typeof idClaims.email === 'string' || !config.serverMetadata().userinfo_endpoint
      ? idClaims
      : { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims }
  const userId = await upsertOidcUser(db, `${idClaims.iss}|${idClaims.sub}`, claims)
  await startSession(c, userId, tokens.id_token ?? null)
  return c.redirect(landingPath(await firstTenantOf(db, userId)), 302)
}

/**
 * Links the identity to the user with the same e-mail, or creates a user without tenants. Only a
 * verified e-mail links or creates: otherwise anyone could claim a seeded user's address at a
 * provider that lets people type any e-mail. An account already linked to another identity is not
 * taken over by a new one that shows the same e-mail (a reassigned address).
 */
async function upsertOidcUser(db: Db, subject: string, claims: Claims): Promise<string> {
  const bySubject = await findUserBySubject(db, subject)
  if (bySubject) return bySubject.id
  const email = typeof claims.email === 'string' ? claims.email.trim() : ''
  if (!email)
    throw new ApiError('forbidden', 'Your sign-in account has no e-mail address, which Marine Workbench needs.')
  if (claims.email_verified !== true && claims.email_verified !== 'true') {
    throw new ApiError('forbidden', 'Verify your e-mail address with your sign-in provider, then sign in again.')
  }
  const byEmail = await findUserLink(db, email)
  if (byEmail) {
    if (byEmail.oidc_subject && byEmail.oidc_subject !== subject) {
      throw new ApiError('forbidden', `${email} is already linked to another sign-in account. Ask your administrator.`)
    }
    await linkUserSubject(db, byEmail.id, subject)
    return byEmail.id
  }
  const id = newId()
  await insertUser(db, {
    id,
    email,
    first_name: typeof claims.given_name === 'string' ? claims.given_name : null,
    last_name: typeof claims.family_name === 'string' ? claims.family_name : null,
    profile_image_url: typeof claims.picture === 'string' ? claims.picture : null,
    oidc_subject: subject,
    created_at: now(),
  })
  return id
}

/** The provider's end-session URL (ends the provider's session too), or null if it has none. */
export async function oidcLogoutUrl(c: Context<AppEnv>, oidc: OidcEnv, idToken: string | null): Promise<string | null> {
  const config = await discover(oidc).catch(() => null)
  if (!config?.serverMetadata().end_session_endpoint) return null
  const base = c.get('deps').env.PUBLIC_URL ?? new URL(c.req.url).origin
  return client.buildEndSessionUrl(config, {
    post_logout_redirect_uri: new URL('/', base).href,
    ...(idToken ? { id_token_hint: idToken } : {}),
  }).href
}
