import { PRODUCT_NAME, PWA_MANIFEST_BASE, PWA_THEME_COLOR } from '@mw/sync-protocol'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { findTenant, findTenantLogo } from '../db/queries/tenants.ts'
import { notFound } from '../errors.ts'
import { jsonAnswer } from '../lib/json-answer.ts'
import { logoSizes } from '../lib/logo.ts'

/**
 * What a browser fetches without a session: a tenant's logo (its name and logo are on its
 * installed app's icon anyway) and the web app manifest that names the installed PWA after the
 * tenant. Nothing else about the tenant is told.
 */
export const brandingRoutes = new Hono<AppEnv>()
  .get('/branding/:tenant/logo', async (c) => {
    const logo = await findTenantLogo(c.get('deps').db, c.req.param('tenant'))
    if (!logo) throw notFound('The logo')
    const current = c.req.query('v') === logo.sha256.slice(0, 16)
    c.header('Content-Type', logo.media_type)
    c.header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
    // An SVG opened on its own is a document: sanitised before it was stored, and the app's CSP
    // (script-src 'self', no inline script or handler) applies to it as to every answer.
    return c.body(new Uint8Array(logo.bytes))
  })
  .get('/branding/:tenant/manifest.webmanifest', async (c) => {
    const slug = c.req.param('tenant')
    const tenant = await findTenant(c.get('deps').db, slug)
    if (!tenant) throw notFound('The tenant')
    const logo = tenant.logo_url?.startsWith(`/api/branding/${slug}/logo`)
      ? await findTenantLogo(c.get('deps').db, slug)
      : undefined
    const icons = logo
      ? [
          {
            src: tenant.logo_url,
            sizes: await logoSizes(logo),
            type: logo.media_type,
            purpose: 'any',
          },
          ...PWA_MANIFEST_BASE.icons,
        ]
      : PWA_MANIFEST_BASE.icons
    return jsonAnswer(
      c,
      {
        ...PWA_MANIFEST_BASE,
        id: `/t/${slug}`,
        name: tenant.name || PRODUCT_NAME,
        short_name: shortName(tenant.name),
        start_url: `/t/${slug}`,
        theme_color: tenant.accent_color ?? PWA_THEME_COLOR,
        icons,
      },
      { headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'no-cache' } },
    )
  })

/** A home-screen label fits about 12 characters: the name, else its first word, else the product's. */
function shortName(name: string): string {
  if (name.length <= 12) return name
  const first = name.split(/\s+/)[0] ?? ''
  return first.length >= 3 && first.length <= 12 ? first : 'Workbench'
}
