import { errorBodySchema } from '@mw/sync-protocol'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { fingerprint, send } from '../test/http.ts'
import { solidImage } from '../test/images.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const manager = await t.signIn('manager@demo.local')
const tech = await t.signIn('tech@demo.local')
const harborAdmin = await t.signIn('admin@harbor.local')

const upload = (cookie: string, bytes: Uint8Array | string, type = 'image/png', tenant = 'demo') =>
  t.app.request(`/api/t/${tenant}/admin/logo`, {
    method: 'PUT',
    headers: { cookie, 'content-type': type },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  })
const logoUrl = async () =>
  (await send(t, tech, 'GET', '/api/t/demo/admin/config')).body.branding.logoUrl as string | null

const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <foreignObject><iframe src="https://evil.example"/></foreignObject>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <rect width="10" height="10" fill="url(https://evil.example/track)" style="fill:url(https://evil.example)"/>
  <a href="javascript:alert(3)"><circle cx="5" cy="5" r="4" fill="#0f766e"/></a>
  <path d="M0 0 L10 10" stroke="#111"/>
</svg>`

describe('tenant logo', () => {
  it('re-encodes an uploaded PNG to at most 512 px, serves it to anyone and names it in the branding', async () => {
    const res = await upload(manager, await solidImage('png', 1400, 700))
    expect(res.status).toBe(200)
    const url = await logoUrl()
    expect(url).toMatch(/^\/api\/branding\/demo\/logo\?v=[0-9a-f]{16}$/)
    const served = await t.app.request(url as string)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toContain('immutable')
    const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 256])
  })

  it('rebuilds an SVG from drawing elements only: no script, handler, foreign object, outside reference or link', async () => {
    expect((await upload(manager, HOSTILE_SVG, 'image/svg+xml')).status).toBe(200)
    const served = await t.app.request((await logoUrl()) as string)
    expect(served.headers.get('content-type')).toBe('image/svg+xml')
    expect(served.headers.get('content-security-policy')).toContain("script-src 'self'")
    const svg = await served.text()
    expect(svg).toContain('<path d="M0 0 L10 10"')
    expect(svg).toContain('viewBox="0 0 10 10"')
    expect(svg).not.toMatch(/script|onload|foreignObject|iframe|<use|href|evil\.example|style=|javascript:/i)
  })

  it('refuses what is not a small PNG, WebP or SVG, and anyone but a Manager or Admin of the tenant, changing nothing', async () => {
    const before = await fingerprint(t.db)
    const cases: [string, Response, number][] = [
      ['technician', await upload(tech, await solidImage('png')), 403],
      ['another tenant', await upload(harborAdmin, await solidImage('png')), 404],
      ['signed out', await t.app.request('/api/t/demo/admin/logo', { method: 'PUT', body: 'x' }), 401],
      ['JPEG', await upload(manager, await solidImage('jpeg'), 'image/jpeg'), 415],
      ['text', await upload(manager, 'hello, logo', 'image/png'), 415],
      ['empty', await upload(manager, new Uint8Array(0)), 400],
      ['too big', await upload(manager, new Uint8Array(600 * 1024).fill(7)), 413],
      ['svg without an svg', await upload(manager, '<svg><script>1</script>', 'image/svg+xml'), 415],
    ]
    for (const [name, res, status] of cases) {
      expect(res.status, name).toBe(status)
      expect(errorBodySchema.parse(await res.json()).error.message, name).toEqual(expect.any(String))
    }
    expect(await fingerprint(t.db)).toBe(before)
  })

  it('names and icons the installed app after the tenant, with its accent colour', async () => {
    expect((await upload(manager, await solidImage('webp', 300, 300), 'image/webp')).status).toBe(200)
    const branding = (await send(t, tech, 'GET', '/api/t/demo/admin/config')).body.branding
    const saved = await send(t, manager, 'PUT', '/api/t/demo/admin/config', {
      branding: { ...branding, name: 'Antibes Marine', accentColor: '#1D4ED8' },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.branding.accentColor).toBe('#1d4ed8')
    const manifest = (await (await t.app.request('/api/branding/demo/manifest.webmanifest')).json()) as {
      theme_color: string
      icons: unknown[]
    }
    expect(manifest).toMatchObject({ name: 'Antibes Marine', short_name: 'Antibes', start_url: '/t/demo' })
    expect(manifest.theme_color).toBe('#1d4ed8')
    expect(manifest.icons[0]).toMatchObject({ src: branding.logoUrl, type: 'image/webp', sizes: '300x300' })
    expect((await t.app.request('/api/branding/nowhere/manifest.webmanifest')).status).toBe(404)
  })

  it('refuses an accent colour white text cannot be read on', async () => {
    const before = await fingerprint(t.db)
    const branding = (await send(t, tech, 'GET', '/api/t/demo/admin/config')).body.branding
    for (const accentColor of ['#ffff00', '#9ca3af', 'red', '#12345']) {
      const res = await send(t, manager, 'PUT', '/api/t/demo/admin/config', { branding: { ...branding, accentColor } })
      expect(res.status, accentColor).toBe(400)
    }
    expect(await fingerprint(t.db)).toBe(before)
  })

  it('removes the logo: the letters badge shows and the old address answers 404', async () => {
    const old = (await logoUrl()) as string
    const res = await t.app.request('/api/t/demo/admin/logo', { method: 'DELETE', headers: { cookie: manager } })
    expect(res.status).toBe(200)
    expect(await logoUrl()).toBeNull()
    expect((await t.app.request(old)).status).toBe(404)
  })
})
