import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { claimIdempotencyKey, releasePendingIdempotencyKeys } from '../db/queries/idempotency.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const techId = (
  await t.db.selectFrom('users').select('id').where('email', '=', 'tech@demo.local').executeTakeFirstOrThrow()
).id

const body = (title: string) => JSON.stringify({ title, description: 'Grinding noise', expert: 'seakeeper', tags: [] })
const createCase = (key: string, title: string) =>
  t.app.request('/api/t/demo/cases', {
    method: 'POST',
    headers: { cookie: tech, 'content-type': 'application/json', 'idempotency-key': key },
    body: body(title),
  })

/** What a request that died with the process leaves behind: its key, pending, claimed `minutesAgo`. */
async function leftByCrash(key: string, title: string, minutesAgo: number) {
  await claimIdempotencyKey(t.db, {
    userId: techId,
    key,
    method: 'POST',
    path: '/api/t/demo/cases',
    bodyHash: createHash('sha256').update(body(title)).digest('hex'),
    at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  })
}

const casesTitled = async (title: string) =>
  (await t.db.selectFrom('cases').select('id').where('title', '=', title).execute()).length

describe('Idempotency-Key after a crash', () => {
  it('a key claimed moments ago still answers 409: its request may be running', async () => {
    await leftByCrash('crash-fresh', 'Fresh claim', 1)
    const res = await createCase('crash-fresh', 'Fresh claim')
    expect(res.status).toBe(409)
    expect(await casesTitled('Fresh claim')).toBe(0)
  })

  it('a key pending past its lease runs the retry, once', async () => {
    await leftByCrash('crash-stale', 'Stale claim', 15)
    const [first, second] = await Promise.all([
      createCase('crash-stale', 'Stale claim'),
      createCase('crash-stale', 'Stale claim'),
    ])
    // The other attempt finds the retry running (409) or, if it already finished, replays its answer.
    const statuses = [first, second].map((r) => r.status).sort()
    const replayed = [first, second].filter((r) => r.headers.get('idempotent-replayed') === 'true')
    expect(statuses[1] === 409 ? statuses : [...statuses, replayed.length]).toEqual(
      statuses[1] === 409 ? [201, 409] : [201, 201, 1],
    )
    const replay = await createCase('crash-stale', 'Stale claim')
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await casesTitled('Stale claim')).toBe(1)
  })

  it('a restart frees every pending key at once', async () => {
    await leftByCrash('crash-boot', 'Boot claim', 0)
    expect(await releasePendingIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1)
    expect((await createCase('crash-boot', 'Boot claim')).status).toBe(201)
    expect(await casesTitled('Boot claim')).toBe(1)
  })
})
