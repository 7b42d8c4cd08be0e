import type { Case, CaseStatus, EquipmentUnit, MutationArgs } from '@mw/sync-protocol'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import {
  bumpCase,
  findCaseEvent,
  findCaseOwner,
  findVisibleCase,
  insertCase,
  insertCaseEvent,
  toCase,
} from '../db/queries/cases.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { findOwnConversation } from '../db/queries/conversations.ts'
import { findMembership } from '../db/queries/tenants.ts'
import { ApiError, idTaken, notFound } from '../errors.ts'
import { newId } from '../lib/ids.ts'
import { sanitizeTypedHtml, stripHtml } from '../lib/sanitize.ts'
import { now } from '../lib/time.ts'
import type { MutationOutcome } from './outcome.ts'

async function insertEvent(
  trx: Db,
  actor: Actor,
  caseId: string,
  kind: 'created' | 'status' | 'note' | 'conflict' | 'equipment',
  data: Record<string, unknown>,
  id = newId(),
) {
  await insertCaseEvent(trx, { id, tenant: actor.tenant, caseId, kind, authorId: actor.userId, data, at: now() })
  await recordChange(trx, actor.tenant, 'caseEvent', id)
}

async function reload(trx: Db, actor: Actor, id: string): Promise<Case> {
  const row = await findVisibleCase(trx, actor, id)
  if (!row) throw notFound('The case')
  return toCase(row)
}

export async function createCase(
  trx: Db,
  actor: Actor,
  args: Omit<MutationArgs<'case.create'>, 'id' | 'vessel' | 'equipment'> & {
    id?: string
    assignedTo?: string | null
    vessel?: string
    equipment?: EquipmentUnit[]
  },
): Promise<MutationOutcome<Case>> {
  const id = args.id ?? newId()
  const existing = await findCaseOwner(trx, id)
  if (existing) throw idTaken('A case', 'id', existing.tenant_slug === actor.tenant)
  if (args.assignedTo) await assertMember(trx, actor.tenant, args.assignedTo)
  if (args.conversationId) {
    const conversation = await findOwnConversation(trx, actor.tenant, actor.userId, args.conversationId)
    if (!conversation)
      throw new ApiError('not_found', 'The conversation to link was not found.', { field: 'conversationId' })
  }
  const at = now()
  const inserted = await insertCase(trx, {
    id,
    tenant_slug: actor.tenant,
    title: stripHtml(args.title) || 'Untitled case',
    description: sanitizeTypedHtml(args.description, 'description'),
    expert: args.expert,
    status: 'Open',
    tags_json: JSON.stringify(args.tags.map(stripHtml).filter(Boolean)),
    created_by: actor.userId,
    assigned_to: args.assignedTo ?? null,
    conversation_id: args.conversationId ?? null,
    vessel: stripHtml(args.vessel ?? ''),
    equipment_json: JSON.stringify(cleanEquipment(args.equipment ?? [])),
    version: 1,
    status_version: 1,
    status_changed_by: actor.deviceId ?? actor.userId,
    created_at: at,
    updated_at: at,
  })
  await insertEvent(trx, actor, id, 'created', {})
  await recordChange(trx, actor.tenant, 'case', id)
  return { status: 'applied', value: toCase(inserted) }
}

/**
 * Sets a case's status. With a base version (synced writes), a status that someone else changed
 * after the author last saw the case is not applied: a conflict entry is written to the case
 * history instead, and the author can apply it again from there.
 */
export async function setCaseStatus(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'case.setStatus'>,
  baseVersion: number | null,
): Promise<MutationOutcome<Case>> {
  const row = await findVisibleCase(trx, actor, args.caseId)
  if (!row) throw notFound('The case')
  const author = actor.deviceId ?? actor.userId
  const changedByOther = row.status_changed_by !== author
  if (baseVersion !== null && baseVersion < row.status_version && changedByOther && row.status !== args.status) {
    await insertEvent(trx, actor, row.id, 'conflict', { wanted: args.status, current: row.status as CaseStatus })
    return {
      status: 'conflict',
      reason: `Someone else changed the status to ${row.status} before your change to ${args.status} arrived. Apply yours again if it still holds.`,
      value: await reload(trx, actor, row.id),
    }
  }
  if (row.status === args.status) return { status: 'applied', value: toCase(row) }
  const version = row.version + 1
  await bump(trx, row.id, row.version, { status: args.status, status_version: version, status_changed_by: author })
  await insertEvent(trx, actor, row.id, 'status', { from: row.status, to: args.status })
  await recordChange(trx, actor.tenant, 'case', row.id)
  return { status: 'applied', value: await reload(trx, actor, row.id) }
}

/** Appends a note (an insert by id: the same note id twice appends once; allowed on resolved cases). */
export async function appendCaseNote(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'case.appendNote'>,
): Promise<MutationOutcome<Case>> {
  const row = await findVisibleCase(trx, actor, args.caseId)
  if (!row) throw notFound('The case')
  const seen = await findCaseEvent(trx, args.noteId)
  if (seen) {
    // Only a replay of this very note is a no-op; an id taken by another event must not swallow the note.
    if (seen.case_id === row.id && seen.kind === 'note') return { status: 'applied', value: toCase(row) }
    throw idTaken('A history entry', 'noteId', seen.tenant_slug === actor.tenant)
  }
  const text = sanitizeTypedHtml(args.text, 'text').trim()
  if (!text) throw new ApiError('invalid_input', 'The note is empty.', { field: 'text' })
  const description = row.description ? `${row.description}\n\n${text}` : text
  await bump(trx, row.id, row.version, { description })
  await insertEvent(trx, actor, row.id, 'note', { text }, args.noteId)
  await recordChange(trx, actor.tenant, 'case', row.id)
  return { status: 'applied', value: await reload(trx, actor, row.id) }
}

/**
 * PUT {description}: the spec's client sends the whole description with its note appended. A
 * description that keeps everything stored so far (an append) always applies; one that would drop
 * stored text applies only when its author saw the current version (baseVersion), otherwise
 * nothing is overwritten: a conflict entry goes into the history and the author is told.
 */
export async function replaceCaseDescription(
  trx: Db,
  actor: Actor,
  args: { caseId: string; description: string },
  baseVersion: number | null,
): Promise<MutationOutcome<Case>> {
  const row = await findVisibleCase(trx, actor, args.caseId)
  if (!row) throw notFound('The case')
  const description = sanitizeTypedHtml(args.description, 'description')
  if (description === row.description) return { status: 'applied', value: toCase(row) }
  if (!description.startsWith(row.description) && baseVersion !== row.version) {
    await insertEvent(trx, actor, row.id, 'conflict', { field: 'description' })
    return {
      status: 'conflict',
      reason:
        'Someone else changed the description after you opened the case, so your edit was not saved over it. Reload the case and add your text again.',
      value: await reload(trx, actor, row.id),
    }
  }
  await bump(trx, row.id, row.version, { description })
  await insertEvent(trx, actor, row.id, 'note', { text: description.slice(row.description.length).trim() })
  await recordChange(trx, actor.tenant, 'case', row.id)
  return { status: 'applied', value: await reload(trx, actor, row.id) }
}

/**
 * Replaces the vessel and units (the last write wins, as for a form field); the history keeps
 * what each change set, so an overwritten serial can still be read there.
 */
export async function setCaseEquipment(
  trx: Db,
  actor: Actor,
  args: MutationArgs<'case.setEquipment'>,
): Promise<MutationOutcome<Case>> {
  const row = await findVisibleCase(trx, actor, args.caseId)
  if (!row) throw notFound('The case')
  const vessel = stripHtml(args.vessel)
  const equipment = cleanEquipment(args.equipment)
  const equipmentJson = JSON.stringify(equipment)
  if (vessel === row.vessel && equipmentJson === row.equipment_json) return { status: 'applied', value: toCase(row) }
  await bump(trx, row.id, row.version, { vessel, equipment_json: equipmentJson })
  await insertEvent(trx, actor, row.id, 'equipment', { vessel, equipment })
  await recordChange(trx, actor.tenant, 'case', row.id)
  return { status: 'applied', value: await reload(trx, actor, row.id) }
}

/**
 * Links a case that has no conversation yet to one its viewer just started from it ("Ask the
 * Expert" on the case). A case gone or out of sight is left alone: the question still stands.
 */
export async function linkCaseToConversation(trx: Db, actor: Actor, caseId: string, conversationId: string) {
  const row = await findVisibleCase(trx, actor, caseId)
  if (!row || row.conversation_id) return
  await bump(trx, row.id, row.version, { conversation_id: conversationId })
  await recordChange(trx, actor.tenant, 'case', row.id)
}

/** Plain text only, and a unit with nothing in it is no unit. */
const cleanEquipment = (units: EquipmentUnit[]): EquipmentUnit[] =>
  units
    .map((u) => ({
      make: stripHtml(u.make),
      model: stripHtml(u.model),
      serial: stripHtml(u.serial),
      hours: u.hours,
      firmware: stripHtml(u.firmware),
    }))
    .filter((u) => u.make || u.model || u.serial || u.firmware || u.hours !== null)

const bump = (trx: Db, id: string, version: number, fields: Parameters<typeof bumpCase>[3]) =>
  bumpCase(trx, id, version, fields, now())

export async function assertMember(trx: Db, tenant: string, userId: string) {
  if (!(await findMembership(trx, tenant, userId)))
    throw new ApiError('not_found', 'That user is not a member of this tenant.', { field: 'userId' })
}
