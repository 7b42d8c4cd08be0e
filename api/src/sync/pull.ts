/**
 * The sync pull: pages of the tenant's change log after a cursor, each change mapped to the
 * row the user may see, or to a delete when the row is gone or out of the user's sight (so a
 * lost assignment or a role change removes rows from the device).
 */
import { type Change, type PullAnswer, RETENTION_DAYS, type SyncEntity } from '@mw/sync-protocol'
import { type Actor, isManagerOrAdmin } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { toAttachment } from '../db/queries/attachments.ts'
import { canSeeCase, toCase, toCaseEvent } from '../db/queries/cases.ts'
import { toConversation, toMessage } from '../db/queries/conversations.ts'
import {
  changesAfter,
  horizonOf,
  loadAssignments,
  loadAttachments,
  loadCaseEvents,
  loadCases,
  loadConversations,
  loadKnowledge,
  loadMessages,
  loadTrainingSets,
} from '../db/queries/sync.ts'
import { findMembership, findTenant, listTenantUsers, toTenantConfig } from '../db/queries/tenants.ts'
import { canSeeAssignment, toAssignment, toTrainingSet } from '../db/queries/training.ts'
import { daysAgo } from '../lib/time.ts'

type Row = Extract<Change, { op: 'upsert' }>['row']

export async function pullChanges(db: Db, actor: Actor, cursor: number, limit: number): Promise<PullAnswer> {
  if (cursor > 0) {
    const membership = await findMembership(db, actor.tenant, actor.userId)
    if (cursor < (await horizonOf(db, actor.tenant)) || cursor < (membership?.scope_version ?? 0)) {
      return { kind: 'reset' }
    }
  }
  // A first sync fetches the retention window only; deletes mean nothing to an empty device.
  const initial = cursor === 0
  const log = await changesAfter(db, actor.tenant, cursor, limit, initial ? daysAgo(RETENTION_DAYS) : undefined)
  const { visible, others } = await loadVisible(db, actor, groupIds(log.filter((l) => l.op === 'upsert')))
  const changes: Change[] = []
  for (const entry of log) {
    const entity = entry.entity as SyncEntity
    const key = `${entity}:${entry.entity_id}`
    if (others.has(key)) continue
    const row = entry.op === 'upsert' ? visible.get(key) : undefined
    if (row) changes.push({ version: entry.version, entity, id: entry.entity_id, op: 'upsert', row } as Change)
    else if (!initial) changes.push({ version: entry.version, entity, id: entry.entity_id, op: 'delete' })
  }
  const last = log.at(-1)
  return { kind: 'page', changes, cursor: last ? last.version : cursor, hasMore: log.length === limit }
}

function groupIds(log: { entity: string; entity_id: string }[]) {
  const ids = new Map<string, string[]>()
  for (const entry of log) {
    const list = ids.get(entry.entity) ?? []
    list.push(entry.entity_id)
    ids.set(entry.entity, list)
  }
  return (entity: SyncEntity) => ids.get(entity) ?? []
}

/**
 * Loads the rows of a page in one query per entity, keeping those the actor may see. `others`
 * holds another user's conversations and messages, and the cases (with their history and files)
 * of which a technician is neither author nor assignee, fixed when the case is made: never visible
 * to this user, so not even a delete naming their id (and telling when a colleague works) is sent.
 */
async function loadVisible(
  db: Db,
  actor: Actor,
  ids: (entity: SyncEntity) => string[],
): Promise<{ visible: Map<string, Row>; others: Set<string> }> {
  const { tenant, userId } = actor
  const out = new Map<string, Row>()
  const others = new Set<string>()
  const put = (entity: SyncEntity, id: string, row: Row) => out.set(`${entity}:${id}`, row)
  if (ids('case').length) {
    for (const r of await loadCases(db, tenant, ids('case'))) {
      if (canSeeCase(actor, r)) put('case', r.id, toCase(r))
      else others.add(`case:${r.id}`)
    }
  }
  if (ids('caseEvent').length) {
    for (const r of await loadCaseEvents(db, tenant, ids('caseEvent'))) {
      if (canSeeCase(actor, r)) put('caseEvent', r.id, toCaseEvent(r))
      else others.add(`caseEvent:${r.id}`)
    }
  }
  if (ids('attachment').length) {
    for (const r of await loadAttachments(db, tenant, ids('attachment'))) {
      const owner = { created_by: r.case_created_by, assigned_to: r.case_assigned_to }
      if (canSeeCase(actor, owner)) put('attachment', r.id, toAttachment(r))
      else others.add(`attachment:${r.id}`)
    }
  }
  if (ids('conversation').length) {
    for (const r of await loadConversations(db, tenant, ids('conversation'))) {
      // A conversation its owner deleted reaches the owner as a delete, and nobody else at all.
      if (r.user_id !== userId) others.add(`conversation:${r.id}`)
      else if (!r.deleted_at) put('conversation', r.id, toConversation(r))
    }
  }
  if (ids('message').length) {
    for (const r of await loadMessages(db, tenant, ids('message'))) {
      if (r.user_id !== userId) others.add(`message:${r.id}`)
      else if (!r.deleted_at) put('message', r.id, toMessage(r))
    }
  }
  if (ids('trainingSet').length) {
    for (const r of await loadTrainingSets(db, tenant, ids('trainingSet'))) put('trainingSet', r.id, toTrainingSet(r))
  }
  if (ids('assignment').length) {
    for (const r of await loadAssignments(db, tenant, ids('assignment'))) {
      if (canSeeAssignment(actor, r)) put('assignment', r.id, toAssignment(r))
    }
  }
  if (ids('tenantConfig').includes(tenant)) {
    const row = await findTenant(db, tenant)
    if (row) put('tenantConfig', tenant, toTenantConfig(row))
  }
  if (ids('knowledge').length) {
    for (const k of await loadKnowledge(db, tenant, ids('knowledge'))) put('knowledge', k.expert, k)
  }
  const userIds = ids('tenantUser')
  if (userIds.length) {
    // Managers and admins assign and manage people; a technician sees only their own row.
    const wanted = new Set(isManagerOrAdmin(actor) ? userIds : userIds.filter((id) => id === userId))
    for (const u of await listTenantUsers(db, tenant)) if (wanted.has(u.id)) put('tenantUser', u.id, u)
  }
  return { visible: out, others }
}
