import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { send } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

/** Hostile HTML in every field a member can write comes back inert, whichever way it was sent. */
const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const admin = await t.signIn('admin@demo.local')

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="data:text/html,<script>alert(1)</script>">d</a>',
]
const DANGER = /<script|<img|<svg|<iframe|onerror|onload|javascript:|data:text/i

const push = (cookie: string, type: string, args: Record<string, unknown>) =>
  send(t, cookie, 'POST', '/api/t/demo/sync/push', {
    deviceId: uuidv7(),
    mutations: [{ mid: uuidv7(), seq: 1, type, args, baseVersion: null, createdAt: new Date().toISOString() }],
  })

describe.each(PAYLOADS)('stored HTML %s', (payload) => {
  it('is stripped from case titles and tags, and neutralised in descriptions and notes', async () => {
    const created = await send(t, tech, 'POST', '/api/t/demo/cases', {
      title: `Gyro ${payload}`,
      description: `<p>ok</p>${payload}`,
      expert: 'seakeeper',
      tags: [payload.slice(0, 40), 'gyro'],
    })
    expect(created.status).toBe(201)
    const noteId = uuidv7()
    const pushed = await push(tech, 'case.appendNote', { caseId: created.body.id, noteId, text: `note ${payload}` })
    expect(pushed.body.results[0].status).toBe('applied')
    const stored = await send(t, tech, 'GET', `/api/t/demo/cases/${created.body.id}`)
    const history = await send(t, tech, 'GET', `/api/t/demo/cases/${created.body.id}/history`)
    expect(stored.body.title).not.toMatch(/<[a-z]/i)
    for (const tag of stored.body.tags) expect(tag).not.toMatch(/<[a-z]/i)
    expect(JSON.stringify(stored.body)).not.toMatch(DANGER)
    expect(JSON.stringify(history.body)).not.toMatch(DANGER)
  })

  it('is escaped in chat messages and stripped from the tenant name', async () => {
    const conversationId = uuidv7()
    const chat = await push(tech, 'chat.send', {
      conversationId,
      messageId: uuidv7(),
      agentId: 'seakeeper',
      query: payload,
      images: [],
    })
    expect(chat.body.results[0].status).toBe('applied')
    const conversation = await send(t, tech, 'GET', `/api/t/demo/conversations/${conversationId}`)
    expect(conversation.body.messages[0].content).not.toMatch(/<(script|img|svg|iframe|a )/i)
    const branding = await send(t, admin, 'PUT', '/api/t/demo/admin/config', {
      branding: { name: `Demo ${payload}`, theme: 'slate', logoUrl: null, logoLetters: 'DM' },
    })
    expect(branding.status).toBe(200)
    expect(branding.body.branding.name).not.toMatch(/<[a-z]/i)
  })
})

it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:x', '//evil.example/x.png'])(
  'refuses the logo URL %s',
  async (logoUrl) => {
    const res = await send(t, admin, 'PUT', '/api/t/demo/admin/config', {
      branding: { name: 'Demo', theme: 'slate', logoUrl, logoLetters: 'DM' },
    })
    expect(res.status).toBe(400)
  },
)
