import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../app-env.ts'
import { claimIdempotencyKey, releasePendingIdempotencyKeys } from '../db/queries/idempotency.ts'
import { createCase as createCaseMutation } from '../mutations/cases.ts'
import { answerMutation } from '../mutations/run-mutation.ts'
import { createTestApp } from '../test/test-app.ts'
import { idempotency } from './idempotency.ts'

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

const user = await t.db.selectFrom('users').selectAll().where('email', '=', 'tech@demo.local').executeTakeFirstOrThrow()

/**
 * A keyed write whose process dies right after its commit, before a byte of the answer left: here
 * the route throws once the mutation is committed (the error stands for the kill, and the boot's
 * release of pending keys follows). The retry must get the first answer, not make a second case.
 */
function appDyingAfterCommit() {
  let dies = true
  const app = new Hono<AppEnv>()
  app.use(async (c, next) => {
    c.set('deps', t.deps)
    c.set('user', user)
    c.set('actor', { userId: user.id, tenant: 'demo', role: 'Technician' })
    await next()
  })
  app.use(idempotency)
  app.post('/cases', async (c) => {
    const { title } = await c.req.json<{ title: string }>()
    const answer = await answerMutation(
      c,
      (trx) =>
        createCaseMutation(trx, c.get('actor'), {
          title,
          description: '',
          expert: 'seakeeper',
          tags: [],
          conversationId: null,
        }),
      { status: 201 },
    )
    if (dies) {
      dies = false
      throw new Error('killed after the commit')
    }
    return answer
  })
  app.onError((_error, c) => c.json({ error: 'died' }, 500))
  return app
}

describe('answerMutation with an Idempotency-Key', () => {
  it('keeps the answer with the write it answers, so a retry after a crash replays it', async () => {
    const app = appDyingAfterCommit()
    const send = () =>
      app.request('/cases', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'dies-after-commit' },
        body: JSON.stringify({ title: 'Committed, then killed' }),
      })
    expect((await send()).status).toBe(500)
    await releasePendingIdempotencyKeys(t.db)
    const retry = await send()
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    const stored = await t.db.selectFrom('cases').select('id').where('title', '=', 'Committed, then killed').execute()
    expect(stored).toHaveLength(1)
    expect(((await retry.json()) as { id: string }).id).toBe(stored[0]?.id)
  })
})

describe('Idempotency-Key after a role change', () => {
  it('replays the answer an Admin was given once demoted, writing nothing; a new key is refused', async () => {
    const admin = await t.signIn('admin@demo.local')
    const invite = { email: 'deckhand@demo.local', role: 'Technician' }
    const headers = { 'idempotency-key': 'invite-before-demotion' }
    const first = await t.call('POST', '/admin/users', admin, invite, { headers })
    expect(first.status).toBe(201)
    const answer = await first.json()
    const memberships = () =>
      t.db.selectFrom('memberships').select('user_id').where('tenant_slug', '=', 'demo').execute()
    const before = (await memberships()).length

    await t.db
      .updateTable('memberships')
      .set({ role: 'Technician' })
      .where('user_id', '=', await t.userId('admin@demo.local'))
      .where('tenant_slug', '=', 'demo')
      .execute()
    const replay = await t.call('POST', '/admin/users', admin, invite, { headers })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await replay.json()).toEqual(answer)
    expect((await memberships()).length).toBe(before)

    const again = { email: 'bosun@demo.local', role: 'Technician' }
    const refused = await t.call('POST', '/admin/users', admin, again, {
      headers: { 'idempotency-key': 'after-demotion' },
    })
    expect(refused.status).toBe(403)
    expect((await memberships()).length).toBe(before)
  })
})
