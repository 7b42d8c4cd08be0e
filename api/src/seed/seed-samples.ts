/**
 * Writes the sample content of a seeded tenant with timestamps spread over the past weeks, so
 * lists, histories and reports show realistic data. Every synced row is recorded in the change
 * log, as the sync pull serves only what the log names.
 */
import { questionHtml } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { insertCase, insertCaseEvent } from '../db/queries/cases.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { insertConversation, insertMessage } from '../db/queries/conversations.ts'
import { logQuery } from '../db/queries/knowledge.ts'
import { insertAssignment, insertTrainingSet } from '../db/queries/training.ts'
import { listMemberEmails } from '../db/queries/users.ts'
import { newId } from '../lib/ids.ts'
import type { SampleCase, SeedPerson } from './sample-cases.ts'
import type { SampleConversation } from './sample-conversations.ts'
import type { SampleQuery } from './sample-queries.ts'
import type { SampleAssignment, SampleTrainingSet } from './sample-training.ts'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

export interface TenantSamples {
  cases: SampleCase[]
  conversations?: Partial<Record<SeedPerson, SampleConversation[]>>
  trainingSets?: SampleTrainingSet[]
  assignments?: SampleAssignment[]
  queries?: SampleQuery[]
}

export async function seedSamples(trx: Db, tenant: string, samples: TenantSamples, at = Date.now()) {
  const members = await listMemberEmails(trx, tenant)
  const person = (who: SeedPerson): string => {
    const found = members.find((m) => m.email === `${who}@${tenant}.local`)
    if (!found) throw new Error(`The seed needs ${who}@${tenant}.local in ${tenant}.`)
    return found.id
  }
  const time = (daysAgo: number, afterHours = 0) => new Date(at - daysAgo * DAY + afterHours * HOUR).toISOString()

  for (const sample of samples.cases) await seedCase(trx, tenant, sample, person, time)
  for (const [who, conversations] of Object.entries(samples.conversations ?? {})) {
    for (const conversation of conversations)
      await seedConversation(trx, tenant, person(who as SeedPerson), conversation, time)
  }
  const setIds = new Map<string, string>()
  for (const set of samples.trainingSets ?? []) {
    const id = newId()
    setIds.set(set.key, id)
    await insertTrainingSet(trx, {
      id,
      tenant_slug: tenant,
      title: set.title,
      description: set.description,
      expert: set.expert,
      questions_json: JSON.stringify(set.questions),
      created_by: person('manager'),
      created_at: time(set.daysAgo),
      updated_at: time(set.daysAgo),
    })
    await recordChange(trx, tenant, 'trainingSet', id)
  }
  for (const a of samples.assignments ?? []) {
    const id = newId()
    const setId = setIds.get(a.set)
    if (!setId) throw new Error(`The seed assigns unknown training set ${a.set}.`)
    await insertAssignment(trx, {
      id,
      tenant_slug: tenant,
      set_id: setId,
      assigned_to_role: 'role' in a.to ? a.to.role : null,
      assigned_to_id: 'person' in a.to ? person(a.to.person) : null,
      completed: a.score === null ? 0 : 1,
      score: a.score,
      created_by: person('manager'),
      created_at: time(a.daysAgo),
      updated_at: time(a.daysAgo, a.score === null ? 0 : 30),
    })
    await recordChange(trx, tenant, 'assignment', id)
  }
  const askers = members.map((m) => m.id)
  let turn = 0
  for (const q of samples.queries ?? []) {
    for (const daysAgo of q.daysAgo) {
      const userId = askers[turn++ % askers.length] as string
      await logQuery(trx, {
        id: newId(),
        tenant,
        userId,
        expert: q.expert,
        query: q.query,
        bestScore: q.score,
        at: time(daysAgo, -(turn % 9)),
      })
    }
  }
}

type Time = (daysAgo: number, afterHours?: number) => string

async function seedCase(trx: Db, tenant: string, sample: SampleCase, person: (who: SeedPerson) => string, time: Time) {
  const id = newId()
  const opened = time(sample.openedDaysAgo)
  const createdBy = person(sample.createdBy)
  const events: { kind: string; author: string; data: Record<string, unknown>; at: string; afterHours: number }[] = [
    { kind: 'created', author: createdBy, data: {}, at: opened, afterHours: 0 },
  ]
  const worker = sample.assignedTo ? person(sample.assignedTo) : createdBy
  let status = 'Open'
  for (const change of sample.statusChanges) {
    const at = time(sample.openedDaysAgo, change.afterHours)
    events.push({
      kind: 'status',
      author: worker,
      data: { from: status, to: change.to },
      at,
      afterHours: change.afterHours,
    })
    status = change.to
  }
  let description = sample.description
  for (const note of sample.notes) {
    const at = time(sample.openedDaysAgo, note.afterHours)
    const text = `[${new Date(at).toLocaleString('en-GB', { timeZone: 'UTC' })}] ${note.text}`
    description = `${description}\n\n${text}`
    events.push({ kind: 'note', author: worker, data: { text }, at, afterHours: note.afterHours })
  }
  events.sort((a, b) => a.afterHours - b.afterHours)
  const lastStatusIndex = events.findLastIndex((e) => e.kind === 'status')
  await insertCase(trx, {
    id,
    tenant_slug: tenant,
    title: sample.title,
    description,
    expert: sample.expert,
    status,
    tags_json: JSON.stringify(sample.tags),
    created_by: createdBy,
    assigned_to: sample.assignedTo ? person(sample.assignedTo) : null,
    conversation_id: null,
    vessel: sample.vessel ?? '',
    equipment_json: JSON.stringify(sample.equipment ?? []),
    version: events.length,
    status_version: Math.max(1, lastStatusIndex + 1),
    status_changed_by: lastStatusIndex > 0 ? worker : createdBy,
    created_at: opened,
    updated_at: (events.at(-1) as (typeof events)[number]).at,
  })
  for (const e of events) {
    const eventId = newId()
    await insertCaseEvent(trx, {
      id: eventId,
      tenant,
      caseId: id,
      kind: e.kind,
      authorId: e.author,
      data: e.data,
      at: e.at,
    })
    await recordChange(trx, tenant, 'caseEvent', eventId)
  }
  await recordChange(trx, tenant, 'case', id)
}

async function seedConversation(trx: Db, tenant: string, userId: string, sample: SampleConversation, time: Time) {
  const id = newId()
  const minutes = (n: number) => time(sample.daysAgo, n / 60)
  const last = sample.exchanges.length * 10 - 9
  await insertConversation(trx, {
    id,
    tenant_slug: tenant,
    user_id: userId,
    agent_id: sample.agentId,
    title: sample.title,
    status: 'active',
    created_at: minutes(0),
    updated_at: minutes(last),
  })
  await recordChange(trx, tenant, 'conversation', id)
  for (const [i, exchange] of sample.exchanges.entries()) {
    const questionId = newId()
    const answerId = newId()
    await insertMessage(trx, [
      {
        id: questionId,
        tenant_slug: tenant,
        conversation_id: id,
        role: 'user',
        content: questionHtml(exchange.question),
        sources_json: '[]',
        reply_to: null,
        created_at: minutes(i * 10),
      },
      {
        id: answerId,
        tenant_slug: tenant,
        conversation_id: id,
        role: 'assistant',
        content: exchange.answer,
        sources_json: JSON.stringify(exchange.sources),
        reply_to: questionId,
        created_at: minutes(i * 10 + 1),
      },
    ])
    await recordChange(trx, tenant, 'message', questionId)
    await recordChange(trx, tenant, 'message', answerId)
  }
}
