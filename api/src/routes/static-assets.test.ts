import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

// A built web app in miniature, precompressed by the same script the build runs.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-dist-'))
fs.mkdirSync(path.join(dist, 'assets'))
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i, label: `case ${i}` })))}\n`
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script)
fs.writeFileSync(path.join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(4000, 7))
fs.writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><title>Marine Workbench</title>${'<p>x</p>'.repeat(300)}`,
)
fs.writeFileSync(
  path.join(dist, 'landing.html'),
  `<!doctype html><title>Marine Workbench</title><main class="landing">${'<p>Sign In</p>'.repeat(200)}</main>`,
)
execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../../scripts/precompress.mjs'), dist])
const t = await createTestApp({}, { WEB_DIST: dist })
const get = (file: string, acceptEncoding?: string) =>
  t.app.request(file, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

describe('the built app on the wire', () => {
  it('sends the brotli copy made at build time to a client that takes it, else gzip, and caches it for good', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.length).toBeLessThan(script.length / 4)
    expect(brotliDecompressSync(brBytes).toString()).toBe(script)
    const gz = await get('/assets/app-abc123.js', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script)
  })

  it.each([undefined, '', 'identity', ';;;', 'x-unknown'])(
    'sends the file as it is for Accept-Encoding %j',
    async (header) => {
      const res = await get('/assets/app-abc123.js', header)
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(await res.text()).toBe(script)
    },
  )

  it('never compresses an image again, and compresses the app page', async () => {
    const png = await get('/assets/logo-abc123.png', 'gzip, br')
    expect(png.headers.get('content-encoding')).toBeNull()
    expect(fs.existsSync(path.join(dist, 'assets', 'logo-abc123.png.br'))).toBe(false)
    const page = await get('/index.html', 'br')
    expect(page.headers.get('content-encoding')).toBe('br')
  })

  it('sends a signed-out page visit the prerendered landing, and a session the app', async () => {
    const cookie = await t.signIn('tech@demo.local')
    const visit = (p: string, headers: Record<string, string> = {}) =>
      t.app.request(p, { headers: { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br', ...headers } })
    for (const p of ['/', '/t/demo', '/t/demo/cases/some-case']) {
      const landing = await visit(p)
      expect(landing.status, p).toBe(200)
      expect(landing.headers.get('content-encoding'), p).toBe('br')
      expect(landing.headers.get('vary'), p).toMatch(/cookie/i)
      expect(landing.headers.get('cache-control'), p).toBe('no-cache')
      expect(brotliDecompressSync(Buffer.from(await landing.arrayBuffer())).toString(), p).toContain('class="landing"')
      const app = await visit(p, { cookie, 'accept-encoding': 'identity' })
      expect(app.status, p).toBe(200)
      expect(await app.text(), p).toContain('<p>x</p>')
    }
    // Not a page (an API call, a file, a non-tenant path): never the landing.
    expect(await (await visit('/no/such/page', { 'accept-encoding': 'identity' })).text()).toContain('<p>x</p>')
    expect((await visit('/api/auth/user')).status).toBe(401)
    expect(await (await get('/assets/app-abc123.js', '')).text()).toBe(script)
  })
})
