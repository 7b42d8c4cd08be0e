import { describe, expect, it } from 'vitest'
import { send } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

describe('session limits', () => {
  it('a session older than SESSION_MAX_DAYS ends even while in use', async () => {
    const t = await createTestApp({}, { SESSION_MAX_DAYS: '30' })
    const cookie = await t.signIn('tech@demo.local')
    expect((await send(t, cookie, 'GET', '/api/auth/user')).status).toBe(200)
    await t.db
      .updateTable('sessions')
      .set({ created_at: daysAgo(31) })
      .execute()
    expect((await send(t, cookie, 'GET', '/api/auth/user')).status).toBe(401)
  })

  it('a session unused past SESSION_IDLE_DAYS ends; the cookie lives as long as the idle limit', async () => {
    const t = await createTestApp({}, { SESSION_IDLE_DAYS: '7' })
    const res = await t.app.request('/api/login/local', {
      method: 'POST',
      body: new URLSearchParams({ email: 'tech@demo.local' }),
    })
    expect(res.headers.get('set-cookie')).toContain(`Max-Age=${7 * 86_400}`)
    const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? ''
    await t.db
      .updateTable('sessions')
      .set({ expires_at: daysAgo(1) })
      .execute()
    expect((await send(t, cookie, 'GET', '/api/auth/user')).status).toBe(401)
  })

  it('an admin signs a member out on every device; others and other tenants are untouched', async () => {
    const t = await createTestApp()
    const admin = await t.signIn('admin@demo.local')
    const tabletA = await t.signIn('tech@demo.local')
    const tabletB = await t.signIn('tech@demo.local')
    const manager = await t.signIn('manager@demo.local')
    const techId = await t.userId('tech@demo.local')

    const ended = await send(t, admin, 'DELETE', `/api/t/demo/admin/users/${techId}/sessions`)
    expect(ended.status).toBe(200)
    expect(ended.body).toEqual({ ended: 2 })
    for (const cookie of [tabletA, tabletB]) expect((await send(t, cookie, 'GET', '/api/auth/user')).status).toBe(401)
    expect((await send(t, manager, 'GET', '/api/auth/user')).status).toBe(200)

    // Not an admin: 403. Someone from another tenant: 404, and their sessions stay.
    const harborTech = await t.signIn('tech@harbor.local')
    expect((await send(t, manager, 'DELETE', `/api/t/demo/admin/users/${techId}/sessions`)).status).toBe(403)
    const harborId = await t.userId('tech@harbor.local')
    expect((await send(t, admin, 'DELETE', `/api/t/demo/admin/users/${harborId}/sessions`)).status).toBe(404)
    expect((await send(t, harborTech, 'GET', '/api/auth/user')).status).toBe(200)
  })

  it("an Admin who adds another workspace's member cannot sign them out of that workspace", async () => {
    const t = await createTestApp()
    const harborAdmin = await t.signIn('admin@harbor.local')
    const demoTech = await t.signIn('tech@demo.local')
    const techId = await t.userId('tech@demo.local')
    const stillIn = async () => (await send(t, demoTech, 'GET', '/api/t/demo/cases')).status
    expect(
      (
        await send(t, harborAdmin, 'POST', '/api/t/harbor/admin/users', {
          email: 'tech@demo.local',
          role: 'Technician',
        })
      ).status,
    ).toBe(201)

    const ended = await send(t, harborAdmin, 'DELETE', `/api/t/harbor/admin/users/${techId}/sessions`)
    expect(ended.status).toBe(409)
    expect(ended.body.error.message).toMatch(/deactivate/i)
    expect(await stillIn()).toBe(200)

    // Deactivating or removing them ends their access to harbor only.
    expect(
      (await send(t, harborAdmin, 'PUT', `/api/t/harbor/admin/users/${techId}/status`, { active: false })).status,
    ).toBe(200)
    expect((await send(t, demoTech, 'GET', '/api/t/harbor/cases')).status).toBe(403)
    expect(await stillIn()).toBe(200)
    expect((await send(t, harborAdmin, 'DELETE', `/api/t/harbor/admin/users/${techId}`)).status).toBe(204)
    expect((await send(t, demoTech, 'GET', '/api/t/harbor/cases')).status).toBe(404)
    expect(await stillIn()).toBe(200)
  })
})
