import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { ingestFile } from '../experts/ingest.ts'
import { readSseEvents } from '../experts/read-sse.ts'
import { fingerprint } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

/** The answer stream attacked by a member of the same or another tenant. */
const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const manager = await t.signIn('manager@demo.local')
const harborTech = await t.signIn('tech@harbor.local')

const SECRET = 'quokkatronic'
await ingestFile(
  t.deps,
  { tenant: 'harbor', expert: 'seakeeper' },
  'harbor-only.md',
  new TextEncoder().encode(
    `# Harbor private procedure\n\nThe ${SECRET} gyro reset needs the harbor service code 7731.`,
  ),
)

const ask = (cookie: string, body: Record<string, unknown>, tenant = 'demo', headers: Record<string, string> = {}) =>
  t.app.request(`/api/t/${tenant}/experts/seakeeper/stream`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ filters: { file_subject_type: 'seakeeper' }, ...body }),
  })

describe('hostile answer stream', () => {
  it("does not stream another user's stored answer for a replayed messageId, in this tenant or another", async () => {
    const messageId = uuidv7()
    const first = await readSseEvents(await ask(manager, { query: 'manager private gyro question', messageId }))
    expect(first.at(-1)?.done).toBe(true)
    const before = await fingerprint(t.db)
    for (const [cookie, tenant] of [
      [tech, 'demo'],
      [harborTech, 'harbor'],
    ] as const) {
      const res = await ask(cookie, { query: 'manager private gyro question', messageId }, tenant)
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('gyro question')
    }
    expect(await fingerprint(t.db)).toBe(before)
  })

  it("does not replay another user's Idempotency-Key answer", async () => {
    const key = `stream-${uuidv7()}`
    const body = { query: 'idempotent gyro question' }
    const first = await ask(tech, body, 'demo', { 'idempotency-key': key })
    await first.text()
    const other = await ask(manager, body, 'demo', { 'idempotency-key': key })
    expect(other.headers.get('idempotent-replayed')).toBeNull()
    const events = await readSseEvents(other)
    expect(events.at(-1)?.done).toBe(true)
    const techConversation = await t.db
      .selectFrom('conversations')
      .select('user_id')
      .where('id', '=', events.at(-1)?.conversationId as string)
      .executeTakeFirstOrThrow()
    expect(techConversation.user_id).not.toBe(await t.userId('tech@demo.local'))
  })

  it("keeps another tenant's ingested knowledge out of the answer and its sources", async () => {
    const own = await readSseEvents(await ask(harborTech, { query: `${SECRET} gyro reset` }, 'harbor'))
    expect(JSON.stringify(own)).toContain('7731')
    const demo = await readSseEvents(await ask(tech, { query: `${SECRET} gyro reset` }))
    expect(JSON.stringify(demo)).not.toContain('7731')
    expect(demo[0]?.meta?.contexts).toEqual([])
  })

  it('refuses a 100,000-character question with 400 before storing anything', async () => {
    const before = await fingerprint(t.db)
    const res = await ask(tech, { query: 'why '.repeat(25_000) })
    expect(res.status).toBe(400)
    expect(await fingerprint(t.db)).toBe(before)
  })
})
