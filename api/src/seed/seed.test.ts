import { assignmentSchema, caseEventSchema, caseSchema, messageSchema, trainingSetSchema } from '@mw/sync-protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/database.ts'
import { toCase, toCaseEvent } from '../db/queries/cases.ts'
import { toMessage } from '../db/queries/conversations.ts'
import { toAssignment, toTrainingSet } from '../db/queries/training.ts'
import { testDatabase } from '../test/test-database.ts'
import { seedIfEmpty } from './seed.ts'

let db: Db
beforeAll(async () => {
  db = await testDatabase()
  expect(await seedIfEmpty(db)).toBe(true)
})

const SYNCED = [
  ['cases', 'case'],
  ['case_events', 'caseEvent'],
  ['conversations', 'conversation'],
  ['messages', 'message'],
  ['training_sets', 'trainingSet'],
  ['training_assignments', 'assignment'],
] as const

describe('seed', () => {
  it('runs once: a database with tenants is left alone', async () => {
    const cases = await db.selectFrom('cases').select('id').execute()
    expect(await seedIfEmpty(db)).toBe(false)
    expect(await db.selectFrom('cases').select('id').execute()).toEqual(cases)
  })

  it.each(SYNCED)(
    'records every seeded %s row in the change log, so the sync pull serves it',
    async (table, entity) => {
      const rows = await db.selectFrom(table).select('id').execute()
      const logged = await db.selectFrom('change_log').select('entity_id').where('entity', '=', entity).execute()
      expect(rows.length).toBeGreaterThan(0)
      expect(new Set(logged.map((r) => r.entity_id))).toEqual(new Set(rows.map((r) => r.id)))
    },
  )

  it('gives demo a mix of statuses, experts, authors and assignees, and harbor its own cases', async () => {
    const demo = (await db.selectFrom('cases').selectAll().where('tenant_slug', '=', 'demo').execute()).map(toCase)
    const users = await db.selectFrom('users').select(['id', 'email']).execute()
    const email = (id: string | null) => users.find((u) => u.id === id)?.email
    expect(new Set(demo.map((c) => c.status))).toEqual(new Set(['Open', 'In-Progress', 'Resolved']))
    expect(new Set(demo.map((c) => c.expert))).toEqual(new Set(['seakeeper', 'furuno']))
    expect(demo.some((c) => email(c.createdBy) === 'tech@demo.local')).toBe(true)
    expect(demo.some((c) => email(c.createdBy) === 'manager@demo.local')).toBe(true)
    expect(demo.some((c) => email(c.assignedTo) === 'tech@demo.local')).toBe(true)
    const harbor = await db.selectFrom('cases').selectAll().where('tenant_slug', '=', 'harbor').execute()
    expect(harbor.length).toBeGreaterThan(0)
  })

  it('writes rows that map to valid protocol entities', async () => {
    for (const row of await db.selectFrom('cases').selectAll().execute()) caseSchema.parse(toCase(row))
    for (const row of await db.selectFrom('case_events').selectAll().execute()) caseEventSchema.parse(toCaseEvent(row))
    for (const row of await db.selectFrom('messages').selectAll().execute()) messageSchema.parse(toMessage(row))
    for (const row of await db.selectFrom('training_sets').selectAll().execute())
      trainingSetSchema.parse(toTrainingSet(row))
    for (const row of await db.selectFrom('training_assignments').selectAll().execute())
      assignmentSchema.parse(toAssignment(row))
  })

  it('gives each demo user seakeeper and furuno conversations, and keeps every timestamp in the past', async () => {
    for (const email of ['admin@demo.local', 'manager@demo.local', 'tech@demo.local']) {
      const agents = await db
        .selectFrom('conversations')
        .innerJoin('users', 'users.id', 'conversations.user_id')
        .select('agent_id')
        .where('users.email', '=', email)
        .execute()
      expect(new Set(agents.map((a) => a.agent_id))).toEqual(new Set(['seakeeper', 'furuno']))
    }
    const now = new Date().toISOString()
    for (const table of ['cases', 'case_events', 'messages', 'query_log', 'training_assignments'] as const) {
      const future = await db.selectFrom(table).select('created_at').where('created_at', '>', now).execute()
      expect(future).toEqual([])
    }
  })
})
