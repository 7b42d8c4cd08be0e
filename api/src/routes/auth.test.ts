import { describe, expect, it } from 'vitest'
import { currentUserSchema, errorBodySchema } from '@mw/sync-protocol'
import { createTestApp } from '../test/test-app.ts'

describe('local sign-in', () => {
  it('lists one button per seeded user containing the e-mail', async () => {
    const { app } = await createTestApp()
    const page = await (await app.request('/api/login')).text()
    for (const email of ['admin@demo.local', 'manager@demo.local', 'tech@demo.local', 'admin@harbor.local', 'tech@harbor.local']) {
      expect(page).toMatch(new RegExp(`<button[^>]*>Sign in as ${email.replace('.', '\\.')}`))
    }
  })

  it('signs in, lands on the first tenant and answers the current user', async () => {
    const { app, signIn } = await createTestApp()
    const res = await app.request('/api/login/local', { method: 'POST', body: new URLSearchParams({ email: 'tech@harbor.local' }) })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/t/harbor')
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/)
    const cookie = await signIn('tech@demo.local')
    const user = currentUserSchema.parse(await (await app.request('/api/auth/user', { headers: { cookie } })).json())
    expect(user).toMatchObject({ email: 'tech@demo.local', firstName: 'Taylor', lastName: 'Tech', claims: { sub: user.id } })
    expect(user.tenants).toEqual([{ slug: 'demo', name: 'Marine Workbench', role: 'Technician' }])
  })

  it('answers 401 in the error shape when signed out, and after logout', async () => {
    const { app, signIn } = await createTestApp()
    const anonymous = await app.request('/api/auth/user')
    expect(anonymous.status).toBe(401)
    expect(errorBodySchema.parse(await anonymous.json()).error.code).toBe('unauthorized')
    const cookie = await signIn('admin@demo.local')
    const logout = await app.request('/api/logout', { headers: { cookie } })
    expect(logout.status).toBe(302)
    expect(logout.headers.get('location')).toBe('/')
    expect((await app.request('/api/auth/user', { headers: { cookie } })).status).toBe(401)
  })

  it('refuses a sign-in form posted from another site', async () => {
    const { app } = await createTestApp()
    const res = await app.request('/api/login/local', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: new URLSearchParams({ email: 'admin@demo.local' }),
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('set-cookie')).toBeNull()
  })
})
