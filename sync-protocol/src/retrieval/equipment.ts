/**
 * Which manuals cover a case's units: an Admin tags a manual with model names; a unit matches
 * when its model, or its make and model together, is one of them, spelt any way ("DRS4D-NXT",
 * "drs4d nxt"). The server and the device's offline answerer ask the same question.
 */
import type { EquipmentUnit } from '../cases.ts'

const modelKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

export interface EquipmentFocus {
  /** The manuals covering the units. */
  documents: Set<string>
  /** The units they cover, as an answer names them ("Furuno DRS4D-NXT"). */
  units: string[]
}

export function equipmentFocusOf(
  units: EquipmentUnit[],
  manuals: { id: string; models: readonly string[] }[],
): EquipmentFocus | null {
  const tagged = manuals.map((m) => ({ id: m.id, models: new Set(m.models.map(modelKey)) }))
  const documents = new Set<string>()
  const named = new Set<string>()
  for (const unit of units) {
    const keys = [modelKey(unit.model), modelKey(`${unit.make}${unit.model}`)].filter((k) => k && unit.model)
    const covering = tagged.filter((m) => keys.some((k) => m.models.has(k)))
    for (const m of covering) documents.add(m.id)
    if (covering.length) named.add([unit.make, unit.model].filter(Boolean).join(' '))
  }
  return documents.size ? { documents, units: [...named] } : null
}
