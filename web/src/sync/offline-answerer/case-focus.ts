import type { Expert } from '@mw/sync-protocol'
import { equipmentFocusOf } from '@mw/sync-protocol/retrieval'
import type { LocalDb } from '../../db/local-db.ts'

/** The kept manuals covering the units of the cases linked to the conversation (null: none). */
export async function caseFocus(db: LocalDb, expert: Expert, conversationId: string | undefined) {
  if (!conversationId) return null
  const units = (await db.cases.filter((c) => c.conversationId === conversationId).toArray()).flatMap(
    (c) => c.equipment ?? [],
  )
  if (units.length === 0) return null
  const manuals = (await db.keptDocuments.where('expert').equals(expert).toArray()).map((d) => ({
    id: d.id,
    models: d.models ?? [],
  }))
  return equipmentFocusOf(units, manuals)
}
