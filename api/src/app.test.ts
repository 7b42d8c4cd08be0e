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
