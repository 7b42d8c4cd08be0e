// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { LocalDb } from '../db/local-db.ts'
import { appendCaseNote, createCase, setCaseStatus } from '../features/cases/actions.ts'
import { queueChatMessage } from '../features/chat/actions.ts'
import { assignTraining } from '../features/training/actions.ts'
import { awaitMutationResult } from './await-result.ts'
import { drainAll } from './drainer.ts'
import { resetLocal } from './pull.ts'
import { fetchAs, startServer } from './test/server-harness.ts'

async function device(email: string, server: Awaited<ReturnType<typeof startServer>>) {
  const cookie = await server.signIn(email)
  const userId = await server.userId(email)
  // Seeded user ids are fresh per server, so each test gets its own database names.
  const db = new LocalDb(userId, 'demo')
  return { db, fetch: fetchAs(cookie, server.handle), cookie }
}

describe('sync engine against the real server', () => {
  it('sends changes made offline exactly once and brings them to another device', async () => {
    const asked: string[] = []
    const server = await startServer({ onUserMessage: (_a, id) => asked.push(id) })
    const tech = await device('tech@demo.local', server)
    const manager = await device('manager@demo.local', server)
    const offline = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof fetch
    const { id } = await createCase(tech.db, {
      title: 'Gyro noise',
      description: 'Grinding at spool-up',
      expert: 'seakeeper',
      tags: ['noise'],
    })
    await setCaseStatus(tech.db, id, 'In-Progress')
    await appendCaseNote(tech.db, id, 'Bearing replaced')
    const chat = await queueChatMessage(tech.db, {
      agentId: 'seakeeper',
      query: 'What torque for the bearing bolts?',
      images: [],
    })
    expect(await drainAll(tech.db, { fetch: offline })).toMatchObject({ status: 'offline' })
    expect((await tech.db.cases.get(id))?.status).toBe('In-Progress')
    expect(await tech.db.outbox.where('state').equals('pending').count()).toBe(4)

    expect(await drainAll(tech.db, { fetch: tech.fetch })).toEqual({ status: 'synced' })
    expect(await tech.db.outbox.count()).toBe(0)
    const local = await tech.db.cases.get(id)
    expect(local).toMatchObject({ status: 'In-Progress', version: 3 })
    expect(local?.description).toMatch(/^Grinding at spool-up\n\n\[.+\] Bearing replaced$/)
    expect(asked).toEqual([chat.messageId])
    expect(await awaitMutationResult(tech.db, (await tech.db.acks.toArray())[0]?.mid ?? '', { timeoutMs: 50 })).toBe(
      'applied',
    )

    await drainAll(manager.db, { fetch: manager.fetch })
    expect(await manager.db.cases.get(id)).toEqual(local)
    expect(await manager.db.messages.get(chat.messageId)).toBeUndefined()
  })

  it('shows a rejected change with its reason, reverts it, and keeps the rest flowing', async () => {
    const server = await startServer()
    const tech = await device('tech@demo.local', server)
    await drainAll(tech.db, { fetch: tech.fetch })
    const set = await tech.db.trainingSets.toCollection().first()
    if (!set) throw new Error('the seed has training sets')
    const { mids, ids } = await assignTraining(tech.db, { setId: set.id, role: 'Technician' })
    const { id } = await createCase(tech.db, {
      title: 'After the refusal',
      description: '',
      expert: 'furuno',
      tags: [],
    })
    expect(await tech.db.assignments.get(ids[0] ?? '')).toBeDefined()
    await drainAll(tech.db, { fetch: tech.fetch })
    expect(await awaitMutationResult(tech.db, mids[0] ?? '', { timeoutMs: 50 })).toEqual({
      rejected: true,
      reason: 'Only managers and admins can assign training.',
      code: 'forbidden',
    })
    expect(await tech.db.assignments.get(ids[0] ?? '')).toBeUndefined()
    expect((await tech.db.cases.get(id))?.version).toBe(1)
    expect((await tech.db.outbox.toArray()).map((e) => e.state)).toEqual(['rejected'])
  })

  it('keeps the outbox and its optimistic rows through a reset', async () => {
    const server = await startServer()
    const tech = await device('tech@demo.local', server)
    await drainAll(tech.db, { fetch: tech.fetch })
    const existing = (await tech.db.cases.toArray())[0]
    if (!existing) throw new Error('the seed gives the technician cases')
    await appendCaseNote(tech.db, existing.id, 'Checked at anchor')
    const { id } = await createCase(tech.db, {
      title: 'Made before the reset',
      description: '',
      expert: 'seakeeper',
      tags: [],
    })
    await resetLocal(tech.db)
    expect(await tech.db.cases.get(id)).toBeDefined()
    expect(await tech.db.cases.get(existing.id)).toBeUndefined()
    expect(await tech.db.outbox.count()).toBe(2)
    await drainAll(tech.db, { fetch: tech.fetch })
    expect((await tech.db.cases.get(existing.id))?.description).toMatch(/Checked at anchor$/)
    expect(await tech.db.outbox.count()).toBe(0)
  })
})
