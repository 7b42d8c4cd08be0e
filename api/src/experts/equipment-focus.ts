/**
 * Equipment-aware answers: a question in a conversation linked to a case is about that case's
 * units, so the manuals an Admin tagged with their models are cited first when they are relevant.
 */
import type { EquipmentUnit, Expert } from '@mw/sync-protocol'
import { type EquipmentFocus, equipmentFocusOf } from '@mw/sync-protocol/retrieval'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { casesOfConversation } from '../db/queries/cases.ts'
import { taggedDocuments } from '../db/queries/document-models.ts'

export async function equipmentFocus(
  db: Db,
  actor: Actor,
  expert: Expert,
  conversationId: string,
): Promise<EquipmentFocus | null> {
  const units = (await casesOfConversation(db, actor, conversationId)).flatMap(
    (c) => JSON.parse(c.equipment_json) as EquipmentUnit[],
  )
  if (!units.some((u) => u.model)) return null
  const tagged = (await taggedDocuments(db, actor.tenant, expert)).map((d) => ({
    id: d.id,
    models: JSON.parse(d.models_json) as string[],
  }))
  return equipmentFocusOf(units, tagged)
}
