import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp } from './test/test-app.ts'

describe('security headers', () => {
  it('forbids framing on pages as well as on the API', async () => {
    const { app } = await createTestApp()
    for (const path of ['/', '/t/demo/cases', '/api/login']) {
      const res = await app.request(path)
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN')
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
    }
  })

  it('sends a strict Content-Security-Policy with Trusted Types, and a Permissions-Policy', async () => {
    const { app } = await createTestApp()
    for (const path of ['/', '/api/login']) {
      const res = await app.request(path)
      expect(res.headers.get('content-type'), path).toContain('text/html')
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp, path).toContain("script-src 'self'")
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(csp, path).toContain("object-src 'none'")
      expect(csp, path).toContain("require-trusted-types-for 'script'")
      expect(csp, path).toContain('trusted-types default dompurify boot')
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()')
    }
  })

  it('gives a JSON answer, errors included, the policy of data that must never run or be framed', async () => {
    const { app } = await createTestApp()
    for (const path of ['/api/auth/user', '/api/t/demo/cases', '/api/no-such-call']) {
      const res = await app.request(path)
      expect(res.headers.get('content-type'), path).toContain('application/json')
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin')
      expect(res.headers.get('strict-transport-security'), path).toContain('max-age=')
      expect(res.headers.get('cache-control'), path).toBe('no-store')
      // What only a page uses is not sent with every answer over the satellite link.
      expect(res.headers.get('permissions-policy'), path).toBeNull()
    }
  })

  it("allows the web build's own inline boot script by its hash, and no other inline script", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-dist-'))
    const boot = '(()=>{document.title="booted"})()'
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><div id="root"></div><script>${boot}</script>`)
    const { app } = await createTestApp({}, { WEB_DIST: dist })
    const csp = (await app.request('/t/demo/cases')).headers.get('content-security-policy') ?? ''
    const hash = createHash('sha256').update(boot).digest('base64')
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    // Without a build there is nothing inline to allow.
    const bare = (await (await createTestApp()).app.request('/')).headers.get('content-security-policy') ?? ''
    expect(bare).toMatch(/script-src 'self';/)
  })

  it('keeps the referrer same-origin so browsers send a real Origin on the sign-in form', async () => {
    const { app } = await createTestApp()
    const page = await app.request('/api/login')
    expect(page.headers.get('referrer-policy')).toBe('same-origin')
    const post = await app.request('http://localhost/api/login/local', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ email: 'tech@demo.local' }),
    })
    expect(post.status).toBe(303)
  })
})

describe('answers outside the API', () => {
  it.each([
    ['POST', '/t/demo'],
    ['PUT', '/'],
    ['DELETE', '/t/demo/cases'],
    ['GET', '/assets/index-gone.js'],
  ])('%s %s answers 404 with the JSON error body', async (method, path) => {
    const { app } = await createTestApp()
    const res = await app.request(`http://localhost${path}`, { method, headers: { origin: 'http://localhost' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('not_found')
    expect(body.error.message).toMatch(/\.$/)
  })

  it('still answers page routes with the app shell', async () => {
    const { app } = await createTestApp()
    const res = await app.request('/t/demo/cases/x/y')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
  })
})
