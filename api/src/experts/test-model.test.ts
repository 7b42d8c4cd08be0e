import { afterAll, describe, expect, it } from 'vitest'
import { startFakeChatModel } from '../test/fake-chat-model.ts'
import { send } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

/** A loopback server speaking the OpenAI chat-completions wire format, answering "OK". */
const fake = await startFakeChatModel(() => 'OK')
afterAll(fake.close)
const base = fake.baseUrl

const t = await createTestApp(
  {},
  { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', OPENAI_API_KEY: 'sk-test-not-a-real-key-0000' },
)
const admin = await t.signIn('admin@demo.local')
const manager = await t.signIn('manager@demo.local')
const choose = (primary: object) =>
  send(t, admin, 'PUT', '/api/t/demo/admin/models/furuno', {
    primary,
    fallback: null,
    temperature: 0.2,
    maxOutputTokens: 500,
  })
const test = (cookie = admin) => send(t, cookie, 'POST', '/api/t/demo/admin/models/furuno/test')

describe('model setup you can see', () => {
  it('tells which providers have a key on the server, never the key', async () => {
    const { body } = await send(t, manager, 'GET', '/api/t/demo/admin/config')
    expect(body.providers.openai).toEqual({ keyConfigured: true })
    expect(body.providers.anthropic).toEqual({ keyConfigured: false })
    expect(JSON.stringify(body)).not.toContain('sk-test')
  })

  it('tests a model that answers: ok, with its latency', async () => {
    expect((await choose({ provider: 'openai-compatible', model: 'boat-llm', baseUrl: `${base}/v1` })).status).toBe(200)
    const res = await test()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, provider: 'openai-compatible', model: 'boat-llm', error: null })
    expect(res.body.latencyMs).toBeGreaterThanOrEqual(0)
  })

  it('says why a model cannot answer: no key, or nothing listening', async () => {
    await choose({ provider: 'anthropic', model: 'claude-x' })
    expect((await test()).body).toMatchObject({ ok: false, error: expect.stringMatching(/no key for anthropic/) })
    await choose({ provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' })
    const down = (await test()).body
    expect(down).toMatchObject({ ok: false, error: expect.stringMatching(/could not be reached/) })
  })

  it('is for Admins only', async () => {
    expect((await test(manager)).status).toBe(403)
    expect((await send(t, admin, 'POST', '/api/t/demo/admin/models/master/test')).status).toBe(400)
  })
})
