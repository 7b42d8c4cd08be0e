import type { CaseStatus, EquipmentUnit, Expert } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import type { LocalDb } from '../../db/local-db.ts'
import { enqueueMutation } from '../../sync/outbox.ts'

export async function createCase(
  db: LocalDb,
  input: {
    title: string
    description: string
    expert: Expert
    tags: string[]
    conversationId?: string | null
    vessel?: string
  },
): Promise<{ id: string; mid: string }> {
  const id = uuidv7()
  const mid = await enqueueMutation(db, {
    type: 'case.create',
    args: { ...input, id, conversationId: input.conversationId ?? null },
  })
  return { id, mid }
}

/** Carries the case version this device last saw, so the server can tell a conflicting change. */
export async function setCaseStatus(db: LocalDb, caseId: string, status: CaseStatus): Promise<{ mid: string }> {
  const row = await db.cases.get(caseId)
  const mid = await enqueueMutation(db, {
    type: 'case.setStatus',
    args: { caseId, status },
    baseVersion: row?.version ?? null,
  })
  return { mid }
}

/** Replaces the vessel and units (the history keeps the earlier ones). */
export async function setCaseEquipment(
  db: LocalDb,
  caseId: string,
  vessel: string,
  equipment: EquipmentUnit[],
): Promise<{ mid: string }> {
  const mid = await enqueueMutation(db, { type: 'case.setEquipment', args: { caseId, vessel, equipment } })
  return { mid }
}

/** Appends "[local date-time] text" to the description after a blank line (docs/PRODUCT.md, Limits). */
export async function appendCaseNote(
  db: LocalDb,
  caseId: string,
  text: string,
): Promise<{ mid: string; noteId: string }> {
  const noteId = uuidv7()
  const note = `[${new Date().toLocaleString()}] ${text.trim()}`
  const mid = await enqueueMutation(db, { type: 'case.appendNote', args: { caseId, noteId, text: note } })
  return { mid, noteId }
}
