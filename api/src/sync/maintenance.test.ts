import { pullAnswerSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordChangeVersion } from '../db/queries/change-log.ts'
import { newCase } from '../test/sync-kit.ts'
import { createTestApp } from '../test/test-app.ts'
import { pruneSyncLog } from './maintenance.ts'

const DAY = 24 * 60 * 60 * 1000

describe('sync log pruning', () => {
  afterEach(() => vi.useRealTimers())

  it('drops tombstones, mutation ids and idempotency keys after 200 days and resets cursors that could miss them', async () => {
    const { app, db, signIn } = await createTestApp()
    const cookie = await signIn('manager@demo.local')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
    const oldDelete = await recordChangeVersion(db, 'demo', 'case', uuidv7(), 'delete')
    const device = uuidv7()
    const push = (seq: number) =>
      app.request('/api/t/demo/sync/push', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          deviceId: device,
          mutations: [newCase(seq, `Case ${seq}`)],
        }),
      })
    expect((await push(1)).status).toBe(200)
    vi.setSystemTime(new Date(Date.parse('2026-01-01T00:00:00Z') + 150 * DAY))
    const recentDelete = await recordChangeVersion(db, 'demo', 'case', uuidv7(), 'delete')
    expect((await push(2)).status).toBe(200)

    const pulled = async (cursor: number) =>
      pullAnswerSchema.parse(
        await (await app.request(`/api/t/demo/sync/pull?cursor=${cursor}`, { headers: { cookie } })).json(),
      )
    expect((await pulled(oldDelete - 1)).kind).toBe('page')

    const result = await pruneSyncLog(db, Date.parse('2026-01-01T00:00:00Z') + 201 * DAY)
    expect(result).toMatchObject({ tombstones: 1, mutations: 1 })
    const versions = (await db.selectFrom('change_log').select('version').where('op', '=', 'delete').execute()).map(
      (r) => r.version,
    )
    expect(versions).toContain(recentDelete)
    expect(versions).not.toContain(oldDelete)
    expect(await db.selectFrom('sync_mutations').select('seq').execute()).toEqual([{ seq: 2 }])
    expect((await pulled(oldDelete - 1)).kind).toBe('reset')
    expect((await pulled(oldDelete)).kind).toBe('reset')
    expect((await pulled(oldDelete + 1)).kind).toBe('page')
  })
})
