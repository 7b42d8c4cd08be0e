import type { CurrentUser } from '@mw/sync-protocol'
import { Hono } from 'hono'
import { html } from 'hono/html'
import type { AppEnv } from '../app-env.ts'
import { oidcCallback, oidcLogin, oidcLogoutUrl } from '../auth/oidc.ts'
import { endSession, landingPath, startSession } from '../auth/sessions.ts'
import { findUserByEmail, firstTenantOf, listMembersForSignIn, listUserTenants } from '../db/queries/users.ts'
import { ApiError } from '../errors.ts'
import { readForm } from '../lib/form.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { requireUser } from '../middleware/auth.ts'

/** Sign-in and the current user: /api/login, /api/logout, /api/auth/user. */
export const authRoutes = new Hono<AppEnv>()

authRoutes.get('/login', async (c) => {
  const { env, db } = c.get('deps')
  if (env.oidc) return oidcLogin(c, env.oidc)
  const users = await listMembersForSignIn(db)
  const seen = new Set<string>()
  const buttons = users.filter((u) => !seen.has(u.email) && seen.add(u.email))
  return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sign in - Marine Workbench</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f1f5f9; margin: 0; display: grid; place-items: center; min-height: 100vh; }
      main { box-sizing: border-box; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 4px 24px #0001; width: min(28rem, 92vw); }
      h1 { font-size: 1.4rem; margin: 0 0 .25rem; } p { color: #475569; margin: 0 0 1.25rem; }
      button { display: block; width: 100%; text-align: left; padding: .8rem 1rem; margin: .5rem 0; border: 1px solid #cbd5e1; border-radius: 8px; background: #fff; font-size: 1rem; cursor: pointer; }
      button:hover, button:focus-visible { border-color: #0f766e; outline: 2px solid #0f766e33; }
      small { color: #64748b; display: block; }
    </style>
  </head>
  <body>
    <main>
      <h1>Sign in to Marine Workbench</h1>
      <p>Choose your account to sign in. No password is asked: this server has no sign-in provider set up.</p>
      ${buttons.map(
        (u) => html`<form method="post" action="/api/login/local">
          <input type="hidden" name="email" value="${u.email}" />
          <button type="submit">Sign in as ${u.email}<small>${u.first_name ?? ''} ${u.last_name ?? ''} · ${u.role} · ${u.tenant_slug}</small></button>
        </form>`,
      )}
    </main>
  </body>
</html>`)
})

authRoutes.post('/login/local', async (c) => {
  const { env, db } = c.get('deps')
  if (env.oidc) throw new ApiError('not_found', 'Local sign-in is off because an identity provider is configured.')
  const form = await readForm(c.req.raw)
  if (!form)
    throw new ApiError('bad_request', 'The sign-in form could not be read. Open the sign-in page and try again.')
  const email = form.get('email')
  const user = await findUserByEmail(db, typeof email === 'string' ? email : '')
  if (!user) throw new ApiError('invalid_input', 'No user with that e-mail can sign in here.', { field: 'email' })
  await startSession(c, user.id)
  return c.redirect(landingPath(await firstTenantOf(db, user.id)), 303)
})

authRoutes.get('/callback', async (c) => {
  const { env } = c.get('deps')
  if (!env.oidc) throw new ApiError('not_found', 'No identity provider is configured.')
  return oidcCallback(c, env.oidc)
})

authRoutes.get('/logout', async (c) => {
  // Opening it signs out; an <img> or fetch pointed at it (a branding logo URL, another site) does
  // not. Browsers say which in Sec-Fetch-Dest; other clients send none (Node's fetch sends only
  // Sec-Fetch-Mode: cors) and are not refused.
  const dest = c.req.header('sec-fetch-dest')
  if (dest !== undefined && dest !== 'document') {
    throw new ApiError('forbidden', 'Sign out by opening /api/logout in the browser, not by loading it from a page.')
  }
  const { env } = c.get('deps')
  const idToken = await endSession(c)
  if (env.oidc) {
    const url = await oidcLogoutUrl(c, env.oidc, idToken)
    if (url) return c.redirect(url, 302)
  }
  return c.redirect('/', 302)
})

authRoutes.get('/auth/user', requireUser, async (c) => {
  const user = c.get('user')
  if (!user) throw new ApiError('unauthorized', 'You are signed out.')
  const body: CurrentUser = {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    profileImageUrl: user.profile_image_url,
    claims: { sub: user.id },
    tenants: await listUserTenants(c.get('deps').db, user.id),
  }
  return jsonAnswer(c, body)
})
