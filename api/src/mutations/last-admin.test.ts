/**
 * Two Admins demoting, deactivating or removing each other at the same moment: both requests pass
 * the role check made as they arrive, so each change must check again, inside its transaction,
 * that its author is still an Admin, or the workspace would be left with none.
 */
import { describe, expect, it } from 'vitest'
import type { Actor } from '../auth/actor.ts'
import { ApiError } from '../errors.ts'
import { send } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'
import { removeMember, setMemberActive } from './members.ts'
import { setUserRole } from './tenant.ts'

async function twoAdmins() {
  const t = await createTestApp()
  const avery = await t.signIn('admin@demo.local')
  const added = await send(t, avery, 'POST', '/api/t/demo/admin/users', { email: 'second@demo.local', role: 'Admin' })
  expect(added.status).toBe(201)
  const averyId = await t.userId('admin@demo.local')
  const secondId = added.body.id as string
  // Avery's request was let in as an Admin; then the second Admin's change committed first.
  const staleAvery: Actor = { userId: averyId, tenant: 'demo', role: 'Admin' }
  await t.db
    .updateTable('memberships')
    .set({ role: 'Technician' })
    .where('tenant_slug', '=', 'demo')
    .where('user_id', '=', averyId)
    .execute()
  const admins = () =>
    t.db
      .selectFrom('memberships')
      .select('user_id')
      .where('tenant_slug', '=', 'demo')
      .where('role', '=', 'Admin')
      .execute()
  return { t, staleAvery, secondId, admins }
}

describe('the last Admin', () => {
  it.each([
    ['demoted', (trx, actor, userId) => setUserRole(trx, actor, { userId, role: 'Technician' })],
    ['deactivated', (trx, actor, userId) => setMemberActive(trx, actor, { userId, active: false })],
    ['removed', (trx, actor, userId) => removeMember(trx, actor, { userId })],
  ] as [string, (trx: never, actor: Actor, userId: string) => Promise<unknown>][])(
    'is not %s by an Admin demoted a moment before',
    async (_, change) => {
      const { t, staleAvery, secondId, admins } = await twoAdmins()
      const attempt = t.db.transaction().execute((trx) => change(trx as never, staleAvery, secondId))
      await expect(attempt).rejects.toBeInstanceOf(ApiError)
      await expect(attempt).rejects.toMatchObject({ code: 'forbidden' })
      expect(await admins()).toEqual([{ user_id: secondId }])
      const second = await t.db
        .selectFrom('memberships')
        .select('deactivated_at')
        .where('user_id', '=', secondId)
        .executeTakeFirstOrThrow()
      expect(second.deactivated_at).toBeNull()
    },
  )
})
