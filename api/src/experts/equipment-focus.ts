/**
 * Equipment-aware answers: a question in a conversation linked to a case is about that case's
 * units, so the manuals an admin tagged with their models are cited first when they are relevant.
 */
import type { EquipmentUnit, Expert } from '@mw/sync-protocol'
import type { Actor } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { casesOfConversation } from '../db/queries/cases.ts'
import { taggedDocuments } from '../db/queries/document-models.ts'

export interface EquipmentFocus {
  /** The manuals covering the units. */
  documents: Set<string>
  /** The units they cover, as the answer names them ("Furuno DRS4D-NXT"). */
  units: string[]
}

/** "DRS4D-NXT", "drs4d nxt" and "DRS4DNXT" are one model. */
const modelKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

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
    models: new Set((JSON.parse(d.models_json) as string[]).map(modelKey)),
  }))
  const documents = new Set<string>()
  const named = new Set<string>()
  for (const unit of units) {
    const keys = [modelKey(unit.model), modelKey(`${unit.make}${unit.model}`)].filter(Boolean)
    const covering = tagged.filter((d) => keys.some((k) => d.models.has(k)))
    for (const d of covering) documents.add(d.id)
    if (covering.length) named.add([unit.make, unit.model].filter(Boolean).join(' '))
  }
  return documents.size ? { documents, units: [...named] } : null
}
