/**
 * The sync chaos scenario, shared by the in-process property test (sync/sync-chaos.test.ts) and
 * the one across several server processes on PostgreSQL (sync/sync-instances.test.ts): tabs and devices
 * write at random while the transport drops, duplicates, delays, reorders and fails requests and
 * the server restarts (or loses an instance); after the network heals every change is applied
 * exactly once and every device equals the server.
 */
import { CASE_STATUSES, type Change, type PullAnswer, pullAnswerSchema } from '@mw/sync-protocol'
import fc from 'fast-check'
import { expect } from 'vitest'
import type { Db } from '../../../api/src/db/database.ts'
import { LocalDb } from '../db/local-db.ts'
import { appendCaseNote, createCase, setCaseStatus } from '../features/cases/actions.ts'
import { queueChatMessage } from '../features/chat/actions.ts'
import { assignTraining, createTrainingSet } from '../features/training/actions.ts'
import { drainAll } from '../sync/drainer.ts'
import { rowKey } from '../sync/optimistic.ts'
import { isLive } from '../sync/rebase.ts'
import { fetchAs, type Handler } from '../sync/test/server-harness.ts'

export const FAULTS = [
  'ok',
  'ok',
  'dropRequest',
  'dropAnswer',
  'duplicate',
  'error503',
  'error429',
  'timeout',
  'delayed',
] as const
export type Fault = (typeof FAULTS)[number]

export const opArb = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      tab: fc.nat(2),
      action: fc.constantFrom('create', 'status', 'note', 'chat', 'training', 'assign'),
      pick: fc.nat(50),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant('drain' as const), tab: fc.nat(2) }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'restart' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('closeMidDrain' as const), tab: fc.nat(1) }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'flushDelayed' as const }), weight: 1 },
)

export class Chaos {
  healed = false
  private i = 0
  readonly later: (() => Promise<unknown>)[] = []
  readonly background: Promise<unknown>[] = []
  private readonly faults: Fault[]
  constructor(faults: Fault[]) {
    this.faults = faults
  }

  wrap(inner: typeof fetch): typeof fetch {
    return (async (input: RequestInfo | URL, init?: RequestInit) => {
      const fault: Fault =
        this.healed || this.faults.length === 0 ? 'ok' : (this.faults[this.i++ % this.faults.length] as Fault)
      const send = () => inner(input, init)
      const failure = (status: number, code: string) =>
        new Response(JSON.stringify({ error: { code, message: 'Try again later.' } }), {
          status,
          headers: { 'content-type': 'application/json' },
        })
      switch (fault) {
        case 'ok':
          return send()
        case 'dropRequest':
          throw new TypeError('fetch failed')
        case 'dropAnswer':
          await send()
          throw new TypeError('connection reset after the server answered')
        case 'duplicate': {
          const [first] = await Promise.all([send(), send()])
          return first
        }
        case 'error503':
          return failure(503, 'unavailable')
        case 'error429':
          return failure(429, 'rate_limited')
        case 'timeout':
          this.background.push(send().catch(() => undefined))
          throw new DOMException('The operation timed out.', 'TimeoutError')
        case 'delayed':
          this.later.push(send)
          throw new TypeError('fetch failed')
      }
    }) as typeof fetch
  }

  async flush() {
    for (const send of this.later.splice(0)) await send().catch(() => undefined)
    await Promise.all(this.background.splice(0))
  }
}

export async function serverView(handle: Handler, cookie: string): Promise<Map<string, unknown>> {
  const rows = new Map<string, unknown>()
  let cursor = 0
  for (;;) {
    const res = await fetchAs(cookie, handle)(`/api/t/demo/sync/pull?cursor=${cursor}&limit=1000`)
    const page: PullAnswer = pullAnswerSchema.parse(await res.json())
    if (page.kind !== 'page') throw new Error('reset on a fresh pull')
    // Knowledge rows tell a device which manuals to keep (answers-at-sea tests check those), not rows it shows.
    for (const c of page.changes as Extract<Change, { op: 'upsert' }>[]) {
      if (c.entity !== 'knowledge') rows.set(rowKey(c.entity, c.id), c.row)
    }
    cursor = page.cursor
    if (!page.hasMore) return rows
  }
}

export async function localView(db: LocalDb): Promise<Map<string, unknown>> {
  const rows = new Map<string, unknown>()
  const add = async (entity: Parameters<typeof rowKey>[0], list: { id: string }[]) => {
    for (const row of list) rows.set(rowKey(entity, row.id), row)
  }
  await add('case', await db.cases.toArray())
  await add('caseEvent', await db.caseEvents.toArray())
  await add('conversation', await db.conversations.toArray())
  await add('message', await db.messages.toArray())
  await add('trainingSet', await db.trainingSets.toArray())
  await add('assignment', await db.assignments.toArray())
  await add('tenantUser', await db.tenantUsers.toArray())
  const config = await db.tenantConfig.get('config')
  if (config) rows.set(rowKey('tenantConfig', 'config'), config)
  return rows
}

/** Checks every pull the server answers: its cursor is never behind the one it was asked from. */
function cursorsOnlyForward(inner: typeof fetch): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await inner(input, init)
    const asked = /\/sync\/pull\?cursor=(\d+)/.exec(String(input))
    if (asked && res.ok) {
      const page = pullAnswerSchema.parse(await res.clone().json())
      if (page.kind === 'page') expect(page.cursor).toBeGreaterThanOrEqual(Number(asked[1]))
    }
    return res
  }) as typeof fetch
}

/** What the scenario needs of the server: its HTTP handler, its database for checks, sign-in. */
export interface ChaosServer {
  handle: Handler
  db: Db
  signIn(email: string): Promise<string>
  userId(email: string): Promise<string>
  /** A restart in the middle of the run (a new app, or an instance killed). */
  restart(): void | Promise<void>
  /** The chat messages the server was asked to answer, or null when it cannot tell (other processes). */
  asked: string[] | null
}

export type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never

export async function runChaosScenario(server: ChaosServer, ops: Op[], faults: Fault[]): Promise<void> {
  const chaos = new Chaos(faults)
  const techCookie = await server.signIn('tech@demo.local')
  const managerCookie = await server.signIn('manager@demo.local')
  const techId = await server.userId('tech@demo.local')
  const managerId = await server.userId('manager@demo.local')
  // Tabs 0 and 1 are two tabs of the technician (one database); tab 2 is the manager's tablet.
  const tabs = [
    { db: new LocalDb(techId, 'demo'), cookie: techCookie },
    { db: new LocalDb(techId, 'demo'), cookie: techCookie },
    { db: new LocalDb(managerId, 'demo'), cookie: managerCookie },
  ]
  const transport = (cookie: string) => ({
    fetch: chaos.wrap(cursorsOnlyForward(fetchAs(cookie, (r) => server.handle(r)))),
    timeoutMs: 1000,
  })
  const notes: { caseId: string; marker: string; mid: string }[] = []
  const chats: string[] = []
  const mids: string[] = []
  const tabAt = (i: number) => {
    const tab = tabs[i]
    if (!tab) throw new Error(`there is no tab ${i}`)
    return tab
  }
  let n = 0
  for (const op of ops) {
    if (op.kind === 'restart') await server.restart()
    else if (op.kind === 'flushDelayed') await chaos.flush()
    else if (op.kind === 'drain') await drainAll(tabAt(op.tab).db, transport(tabAt(op.tab).cookie))
    else if (op.kind === 'closeMidDrain') {
      const tab = tabAt(op.tab)
      const draining = drainAll(tab.db, transport(tab.cookie))
      await new Promise((resolve) => setTimeout(resolve, op.tab))
      tab.db.close()
      await draining.catch(() => undefined)
      tab.db = new LocalDb(tab.db.userId, 'demo')
    } else {
      const { db } = tabAt(op.tab)
      const cases = await db.cases.orderBy('id').toArray()
      const target = cases[op.pick % Math.max(cases.length, 1)]
      n += 1
      if (op.action === 'create')
        mids.push(
          (await createCase(db, { title: `Case ${n}`, description: `d${n}`, expert: 'seakeeper', tags: [] })).mid,
        )
      else if (op.action === 'status' && target)
        mids.push(
          (await setCaseStatus(db, target.id, CASE_STATUSES[op.pick % 3] as (typeof CASE_STATUSES)[number])).mid,
        )
      else if (op.action === 'note' && target) {
        const marker = `note-${n}-end`
        const { mid } = await appendCaseNote(db, target.id, marker)
        mids.push(mid)
        notes.push({ caseId: target.id, marker, mid })
      } else if (op.action === 'chat') {
        const sent = await queueChatMessage(db, { agentId: 'furuno', query: `Question ${n}`, images: [] })
        mids.push(sent.mid)
        chats.push(sent.messageId)
      } else if (op.action === 'training')
        mids.push((await createTrainingSet(db, { title: `Set ${n}`, description: '', expert: 'furuno' })).mid)
      else if (op.action === 'assign') {
        const set = await db.trainingSets.orderBy('id').first()
        if (set) mids.push(...(await assignTraining(db, { setId: set.id, userIds: [techId] })).mids)
      }
    }
  }

  chaos.healed = true
  await chaos.flush()
  let rounds = 0
  const liveCount = async () =>
    (await Promise.all(tabs.map(async (t) => (await t.db.outbox.toArray()).filter(isLive).length))).reduce(
      (a, b) => a + b,
    )
  while ((await liveCount()) > 0) {
    rounds += 1
    expect(rounds, 'the outbox stalled after the network healed').toBeLessThanOrEqual(3)
    for (const tab of tabs) await drainAll(tab.db, transport(tab.cookie))
  }
  for (const tab of tabs) await drainAll(tab.db, transport(tab.cookie))

  const stored = await server.db.selectFrom('sync_mutations').select(['mid', 'status']).execute()
  const byMid = new Map(stored.map((s) => [s.mid, s.status]))
  for (const mid of mids) expect(byMid.has(mid), `mutation ${mid} never reached the server`).toBe(true)
  for (const { caseId, marker, mid } of notes) {
    const row = await server.db
      .selectFrom('cases')
      .select('description')
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow()
    const expected = byMid.get(mid) === 'applied' ? 1 : 0
    expect(row.description.split(marker).length - 1, `note ${marker}`).toBe(expected)
  }
  const storedMessages = await server.db
    .selectFrom('messages')
    .select('id')
    .where('id', 'in', chats.length ? chats : ['-'])
    .execute()
  expect(storedMessages).toHaveLength(chats.length)
  if (server.asked) expect([...server.asked].sort()).toEqual([...chats].sort())

  for (const tab of [tabAt(0), tabAt(2)]) {
    const local = await localView(tab.db)
    const remote = await serverView((r) => server.handle(r), tab.cookie)
    expect(new Map([...local].sort())).toEqual(new Map([...remote].sort()))
  }
  for (const tab of tabs) tab.db.close()
}
