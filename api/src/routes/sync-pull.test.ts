import { type Change, errorBodySchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { mutation, newCase, pull, pullAll, pushOk, setup, T } from '../test/sync-kit.ts'

describe('sync pull', () => {
  it('shows a technician only their cases, conversations and own user row; a manager the tenant', async () => {
    const t = await setup()
    const managerCase = newCase(1, 'Manager only')
    const techCase = newCase(1, 'Tech case')
    await pushOk(t, t.manager, uuidv7(), [managerCase])
    await pushOk(t, t.tech, uuidv7(), [techCase])
    const ids = (changes: Change[], entity: string) => changes.filter((c) => c.entity === entity).map((c) => c.id)
    const techView = (await pullAll(t, t.tech)).changes
    const managerView = (await pullAll(t, t.manager)).changes
    expect(ids(techView, 'case')).toContain(techCase.args.id)
    expect(ids(techView, 'case')).not.toContain(managerCase.args.id)
    expect(ids(managerView, 'case')).toEqual(expect.arrayContaining([techCase.args.id, managerCase.args.id]))
    expect(ids(techView, 'tenantUser')).toEqual([await t.userId('tech@demo.local')])
    expect(ids(managerView, 'tenantUser')).toHaveLength(3)
    const techConversations = new Set(ids(techView, 'conversation'))
    const managerConversations = ids(managerView, 'conversation')
    expect(managerConversations.some((id) => techConversations.has(id))).toBe(false)
    expect(techView.every((c) => c.op === 'upsert')).toBe(true)
  })

  it('sends a delete when a row leaves the user sight, and pages by cursor', async () => {
    const t = await setup()
    const device = uuidv7()
    const conversationId = uuidv7()
    const question = {
      conversationId,
      messageId: uuidv7(),
      agentId: 'seakeeper',
      query: 'Why does it hum?',
      images: [],
    }
    await pushOk(t, t.tech, device, [mutation(1, 'chat.send', question)])
    const { cursor } = await pullAll(t, t.tech)
    await pushOk(t, t.tech, device, [mutation(2, 'conversation.delete', { id: conversationId })])
    const after = await pullAll(t, t.tech, cursor)
    expect(after.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ entity: 'conversation', id: conversationId, op: 'delete' })]),
    )
    expect(after.changes.every((c) => c.op === 'delete')).toBe(true)

    // From the manager's scope version: past a first sync, so deletes are in the pages too.
    const { scope_version: start } = await t.db
      .selectFrom('memberships')
      .select('scope_version')
      .where('user_id', '=', await t.userId('manager@demo.local'))
      .executeTakeFirstOrThrow()
    const all = (await pullAll(t, t.manager, Math.max(start, 1))).changes.map((c) => c.version)
    expect(all.length).toBeGreaterThan(6)
    const paged: number[] = []
    let c = Math.max(start, 1)
    for (let hasMore = true; hasMore; ) {
      const page = await pull(t, t.manager, c, 3)
      if (page.kind !== 'page') throw new Error('reset')
      expect(page.changes.length).toBeLessThanOrEqual(3)
      paged.push(...page.changes.map((x) => x.version))
      c = page.cursor
      hasMore = page.hasMore
    }
    expect(paged).toEqual(all)
    expect([...paged].sort((a, b) => a - b)).toEqual(paged)
  })

  it('leaves rows unchanged for six months out of a first sync', async () => {
    const t = await setup()
    const m = newCase(1)
    await pushOk(t, t.tech, uuidv7(), [m])
    await t.db
      .updateTable('change_log')
      .set({ changed_at: '2020-01-01T00:00:00.000Z' })
      .where('entity_id', '=', m.args.id as string)
      .execute()
    const first = (await pullAll(t, t.tech)).changes
    expect(first.some((c) => c.id === m.args.id)).toBe(false)
  })

  it('answers reset after a role change and below the horizon, never to a first sync', async () => {
    const t = await setup()
    const { cursor } = await pullAll(t, t.tech)
    const admin = await t.signIn('admin@demo.local')
    const techId = await t.userId('tech@demo.local')
    await pushOk(t, admin, uuidv7(), [mutation(1, 'user.setRole', { userId: techId, role: 'Manager' })])
    expect(await pull(t, t.tech, cursor)).toEqual({ kind: 'reset' })
    expect((await pull(t, t.tech, 0)).kind).toBe('page')
    const fresh = (await pullAll(t, t.tech)).cursor
    expect((await pull(t, t.tech, fresh)).kind).toBe('page')
    await t.db
      .insertInto('sync_horizon')
      .values({ tenant_slug: 'demo', min_version: fresh + 1 })
      .execute()
    expect(await pull(t, t.tech, fresh)).toEqual({ kind: 'reset' })
  })

  it.each([
    ['a negative cursor', 'cursor=-1'],
    ['a cursor that is not a number', 'cursor=abc'],
    ['a limit above the maximum', 'cursor=0&limit=5000'],
    ['no cursor', ''],
  ])('answers 400 to %s', async (_name, query) => {
    const t = await setup()
    const res = await t.app.request(`${T}/pull?${query}`, { headers: { cookie: t.tech } })
    expect(res.status).toBe(400)
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('invalid_input')
  })
})
