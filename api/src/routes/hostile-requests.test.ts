import { pullAnswerSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { beforeAll, describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { fingerprint, send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

/** Requests a hostile member (or another site) sends around the REST matrix: sync pull, keys, CSRF, paths, sizes. */
type World = Awaited<ReturnType<typeof seededWorld>>
let t: TestApp
let w: World

beforeAll(async () => {
  t = await createTestApp()
  w = await seededWorld(t)
})

const TECH = 'tech@demo.local'
const MANAGER = 'manager@demo.local'

async function pullEverything(email: string, cursor: number) {
  const res = await send(t, w.cookie(email), 'GET', `/api/t/demo/sync/pull?cursor=${cursor}&limit=1000`)
  expect(res.status).toBe(200)
  const page = pullAnswerSchema.parse(res.body)
  if (page.kind !== 'page') throw new Error('unexpected reset')
  return page
}

describe('sync pull', () => {
  it("never hands a technician a colleague's conversation or message, not even its id", async () => {
    let cursor = 0
    for (let page = await pullEverything(TECH, 0); ; page = await pullEverything(TECH, cursor)) {
      cursor = page.cursor
      if (!page.hasMore) break
    }
    const question = { query: 'private question', filters: { file_subject_type: 'seakeeper' } }
    const asked = await t.app.request('/api/t/demo/experts/seakeeper/stream', {
      method: 'POST',
      headers: { cookie: w.cookie(MANAGER), 'content-type': 'application/json' },
      body: JSON.stringify(question),
    })
    await asked.text()
    const own = await t.db
      .selectFrom('conversations')
      .innerJoin('messages', 'messages.conversation_id', 'conversations.id')
      .select(['conversations.id as conversationId', 'messages.id as messageId'])
      .where('conversations.user_id', '=', w.userId(MANAGER))
      .execute()
    const page = await pullEverything(TECH, cursor)
    const text = JSON.stringify(page.changes)
    expect(text).not.toContain('private question')
    for (const { conversationId, messageId } of own) {
      expect(text).not.toContain(conversationId)
      expect(text).not.toContain(messageId)
    }
  })

  it('never hands a technician the id of a case they are not on, nor of its history', async () => {
    let cursor = 0
    for (let page = await pullEverything(TECH, 0); ; page = await pullEverything(TECH, cursor)) {
      cursor = page.cursor
      if (!page.hasMore) break
    }
    const body = { title: 'Private survey', description: '', expert: 'furuno', tags: [] }
    const created = await send(t, w.cookie(MANAGER), 'POST', '/api/t/demo/cases', body)
    expect(created.status).toBe(201)
    const noted = await send(t, w.cookie(MANAGER), 'PUT', `/api/t/demo/cases/${created.body.id}`, {
      description: 'Owner asked for a quote',
    })
    expect(noted.status).toBe(200)
    const events = await t.db.selectFrom('case_events').select('id').where('case_id', '=', created.body.id).execute()
    expect(events.length).toBeGreaterThan(1)
    const text = JSON.stringify((await pullEverything(TECH, cursor)).changes)
    expect(text).not.toContain(created.body.id)
    for (const { id } of events) expect(text).not.toContain(id)
  })

  it('refuses out-of-range limits and cursors with 400', async () => {
    for (const query of ['cursor=-1', 'cursor=abc', 'cursor=0&limit=0', 'cursor=0&limit=1001', 'cursor=1e400', '']) {
      const res = await send(t, w.cookie(TECH), 'GET', `/api/t/demo/sync/pull?${query}`)
      expect(res.status, query).toBe(400)
    }
  })
})

describe('Idempotency-Key', () => {
  it("gives another user's key to that user alone: a second user runs their own request", async () => {
    const key = `k-${uuidv7()}`
    const body = { title: 'Keyed case', description: '', expert: 'seakeeper', tags: [] }
    const first = await send(t, w.cookie(MANAGER), 'POST', '/api/t/demo/cases', body, { 'idempotency-key': key })
    expect(first.status).toBe(201)
    const other = await send(t, w.cookie(TECH), 'POST', '/api/t/demo/cases', body, { 'idempotency-key': key })
    expect(other.status).toBe(201)
    expect(other.headers.get('idempotent-replayed')).toBeNull()
    expect(other.body.id).not.toBe(first.body.id)
    expect(other.body.createdBy).toBe(w.userId(TECH))
  })
})

describe('cross-site writes', () => {
  const writes: [string, string, Record<string, string>, string][] = [
    ['sync push, Origin null', '/api/t/demo/sync/push', { origin: 'null', 'content-type': 'application/json' }, '{}'],
    [
      'sync push as text/plain from a cross-site form',
      '/api/t/demo/sync/push',
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      JSON.stringify({ deviceId: uuidv7(), mutations: [] }),
    ],
    [
      'multipart stream, no Origin, Sec-Fetch-Site cross-site',
      '/api/t/demo/experts/seakeeper/stream',
      { 'sec-fetch-site': 'cross-site', 'content-type': 'multipart/form-data; boundary=x' },
      '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\nhi\r\n--x--\r\n',
    ],
    [
      'case note, foreign Origin',
      `/api/t/demo/cases/{case}`,
      { origin: 'http://localhost.evil.example', 'content-type': 'application/json' },
      '{"description":"pwned"}',
    ],
  ]
  it.each(writes)('refuses %s with 403 and changes nothing', async (_, path, headers, body) => {
    const before = await fingerprint(t.db)
    const res = await t.app.request(path.replace('{case}', w.techCase), {
      method: path.includes('/cases/') ? 'PUT' : 'POST',
      headers: { cookie: w.cookie(TECH), ...headers },
      body,
    })
    expect(res.status).toBe(403)
    expect(await fingerprint(t.db)).toBe(before)
  })
})

describe('path tricks and sizes', () => {
  it('answers 404, never 500, to odd tenants and ids', async () => {
    const long = 'x'.repeat(10_000)
    const paths = [
      '/api/t/HARBOR/cases',
      '/api/t/harbor%2F..%2Fdemo/cases',
      `/api/t/${long}/cases`,
      `/api/t/demo/cases/${long}`,
      `/api/t/demo/cases/${w.harborCase}/history`,
      `/api/t/demo/conversations/${encodeURIComponent("' or 1=1 --")}`,
    ]
    for (const path of paths) expect((await send(t, w.cookie(TECH), 'GET', path)).status, path).toBe(404)
    const role = await send(t, w.cookie('admin@demo.local'), 'PUT', `/api/t/demo/admin/users/${long}/role`, {
      role: 'Admin',
    })
    expect(role.status).toBe(404)
  })

  it('refuses a JSON body above 1 MB sent without Content-Length with 413 before parsing it', async () => {
    const chunk = new TextEncoder().encode(`{"title":"${'a'.repeat(64 * 1024)}`)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * 1024 * 1024) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const res = await t.app.request('/api/t/demo/cases', {
      method: 'POST',
      headers: { cookie: w.cookie(TECH), 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
  })
})
