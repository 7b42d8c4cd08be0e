// @vitest-environment node
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { LocalDb, openLocalDb } from '../db/local-db.ts'
import { lastSignedInUser, listLocalDbs, registerLocalDb, rememberedRole, rememberSignIn } from '../db/session-db.ts'
import { createCase } from '../features/cases/actions.ts'
import { clearLocalDataForSignOut, unsentChangesMessage } from './sign-out.ts'

const exists = async (name: string) => (await LocalDb.getDatabaseNames()).includes(name)

async function signedInUser(tenants: string[]) {
  const id = uuidv7()
  await rememberSignIn({
    id,
    email: `${id}@demo.local`,
    firstName: 'Taylor',
    lastName: 'Tech',
    profileImageUrl: null,
    claims: { sub: id },
    tenants: tenants.map((slug) => ({ slug, name: slug, role: 'Technician' as const })),
  })
  const dbs = tenants.map((t) => openLocalDb(id, t))
  for (const db of dbs) {
    await registerLocalDb(id, db.tenant)
    await db.open()
  }
  return { id, dbs }
}

const queueCase = (db: LocalDb) => createCase(db, { title: 'Unsent', description: '', expert: 'furuno', tags: [] })

describe('sign-out', () => {
  it('removes every database of the user and the remembered user when nothing is unsent', async () => {
    const other = await signedInUser(['demo'])
    const { id, dbs } = await signedInUser(['demo', 'harbor'])
    const asked: number[] = []
    expect(
      await clearLocalDataForSignOut(id, (n) => {
        asked.push(n)
        return true
      }),
    ).toBe(true)
    expect(asked).toEqual([])
    for (const db of dbs) expect(await exists(db.name)).toBe(false)
    expect((await listLocalDbs()).filter((k) => k.userId === id)).toEqual([])
    expect(await lastSignedInUser()).toBeUndefined()
    expect(await rememberedRole(id, 'demo')).toBeUndefined()
    expect(await exists(other.dbs[0]?.name ?? '')).toBe(true)
  })

  it('asks before signing out with unsent changes; cancelling changes nothing', async () => {
    const { id, dbs } = await signedInUser(['demo'])
    const [db] = dbs as [LocalDb]
    await queueCase(db)
    await queueCase(db)
    const asked: number[] = []
    const proceed = await clearLocalDataForSignOut(id, (n) => {
      asked.push(n)
      return false
    })
    expect(proceed).toBe(false)
    expect(asked).toEqual([2])
    expect(await db.outbox.count()).toBe(2)
    expect((await lastSignedInUser())?.id).toBe(id)
  })

  it('keeps only the databases holding unsent changes, so they drain at the next sign-in', async () => {
    const { id, dbs } = await signedInUser(['demo', 'harbor'])
    const [demo, harbor] = dbs as [LocalDb, LocalDb]
    await queueCase(demo)
    expect(await clearLocalDataForSignOut(id, () => true)).toBe(true)
    expect(await exists(harbor.name)).toBe(false)
    expect(await exists(demo.name)).toBe(true)
    expect(await lastSignedInUser()).toBeUndefined()
    const reopened = openLocalDb(id, 'demo')
    expect(await reopened.outbox.where('state').equals('pending').count()).toBe(1)
    expect((await listLocalDbs()).map((k) => k.name)).toContain(demo.name)
  })

  it('says how many changes are unsent', () => {
    expect(unsentChangesMessage(1)).toBe(
      '1 change has not reached the server yet. Sign out anyway and keep it on this device?',
    )
    expect(unsentChangesMessage(3)).toBe(
      '3 changes have not reached the server yet. Sign out anyway and keep them on this device?',
    )
  })
})
