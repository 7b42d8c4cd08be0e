import { defaultExpertModelConfig, roleAnswerSchema, tenantConfigSchema, tenantUserSchema } from '@mw/sync-protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

let t: TestApp
let w: Awaited<ReturnType<typeof seededWorld>>
beforeAll(async () => {
  t = await createTestApp()
  w = await seededWorld(t)
})

describe('tenant administration', () => {
  it('saves branding with the name stripped of markup and the letters uppercased', async () => {
    const branding = {
      name: 'Bluewater <i>Marine</i>',
      theme: 'forest',
      logoUrl: 'https://example.com/logo.png',
      logoLetters: 'bw',
    }
    const saved = await send(t, w.cookie('manager@demo.local'), 'PUT', '/api/t/demo/admin/config', { branding })
    expect(saved.status).toBe(200)
    const expected = {
      name: 'Bluewater Marine',
      theme: 'forest',
      logoUrl: 'https://example.com/logo.png',
      logoLetters: 'BW',
      accentColor: null,
    }
    expect(tenantConfigSchema.parse(saved.body).branding).toEqual(expected)
    const read = await send(t, w.cookie('tech@demo.local'), 'GET', '/api/t/demo/admin/config')
    expect(tenantConfigSchema.parse(read.body).branding).toEqual(expected)
    const harbor = await send(t, w.cookie('admin@harbor.local'), 'GET', '/api/t/harbor/admin/config')
    expect(harbor.body.branding.name).toBe('Harbor Marine Services')
  })

  it("saves one expert's model and leaves the other's alone", async () => {
    const config = {
      primary: { provider: 'anthropic', model: 'claude-sonnet' },
      fallback: { provider: 'openai', model: 'gpt-4o-mini' },
      temperature: 0.7,
      maxOutputTokens: 2000,
    }
    const saved = tenantConfigSchema.parse(
      (await send(t, w.cookie('admin@demo.local'), 'PUT', '/api/t/demo/admin/models/furuno', config)).body,
    )
    expect(saved.models.furuno).toEqual(config)
    expect(saved.models.seakeeper).toEqual(defaultExpertModelConfig())
  })

  it('lets an admin change a role, which the user then sees', async () => {
    const techId = w.userId('tech@demo.local')
    const res = await send(t, w.cookie('admin@demo.local'), 'PUT', `/api/t/demo/admin/users/${techId}/role`, {
      role: 'Manager',
    })
    expect(tenantUserSchema.parse(res.body)).toMatchObject({ id: techId, email: 'tech@demo.local', role: 'Manager' })
    const role = await send(t, w.cookie('tech@demo.local'), 'GET', '/api/t/demo/user/role')
    expect(roleAnswerSchema.parse(role.body)).toEqual({ role: 'Manager' })
    const users = (await send(t, w.cookie('admin@demo.local'), 'GET', '/api/t/demo/admin/users')).body
    expect(
      users
        .map((u: unknown) => tenantUserSchema.parse(u))
        .map((u: { email: string; role: string }) => [u.email, u.role]),
    ).toEqual([
      ['admin@demo.local', 'Admin'],
      ['manager@demo.local', 'Manager'],
      ['tech@demo.local', 'Manager'],
    ])
  })
})
