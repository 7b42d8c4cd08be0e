import { type Case, type EquipmentUnit, LIMITS } from '@mw/sync-protocol'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { setCaseEquipment } from '../actions.ts'
import { saveCaseChange } from '../save-change.ts'

const blankUnit = (): EquipmentUnit => ({ make: '', model: '', serial: '', hours: null, firmware: '' })

/** "Seakeeper 9, SN SK9-2204117, 1,840 h, firmware v7.01" */
export function unitLine(u: EquipmentUnit): string {
  return [
    [u.make, u.model].filter(Boolean).join(' '),
    u.serial && `SN ${u.serial}`,
    u.hours !== null && `${u.hours.toLocaleString()} h`,
    u.firmware && `firmware ${u.firmware}`,
  ]
    .filter(Boolean)
    .join(', ')
}

/** The vessel and the units worked on: shown, and edited in place (saved on the device, synced later). */
export function EquipmentCard({ caseRow }: { caseRow: Case }) {
  const [editing, setEditing] = useState(false)
  // Rows kept on the device before the case had equipment carry neither field.
  const vessel = caseRow.vessel ?? ''
  const units = caseRow.equipment ?? []
  return (
    <section className="card" aria-labelledby="case-equipment">
      <div className="card-title-row">
        <h2 id="case-equipment">Vessel and Equipment</h2>
        {!editing && (
          <Button variant="secondary" className="no-print" onClick={() => setEditing(true)}>
            {vessel || units.length ? 'Edit' : 'Add equipment'}
          </Button>
        )}
      </div>
      {editing ? (
        <EquipmentForm caseId={caseRow.id} vessel={vessel} units={units} onDone={() => setEditing(false)} />
      ) : (
        <dl className="info-list">
          <dt>Vessel</dt>
          <dd>{vessel || 'Not recorded'}</dd>
          <dt>Units</dt>
          <dd>
            {units.length === 0 ? (
              'None recorded'
            ) : (
              <ul className="unit-list">
                {units.map((u, i) => (
                  // Units have no id of their own; the list is replaced whole on each save.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={i}>{unitLine(u)}</li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      )}
    </section>
  )
}

function EquipmentForm(props: { caseId: string; vessel: string; units: EquipmentUnit[]; onDone: () => void }) {
  const db = useLocalDb()
  const [vessel, setVessel] = useState(props.vessel)
  const [units, setUnits] = useState(props.units.length ? props.units : [blankUnit()])
  const [saving, setSaving] = useState(false)
  const change = (index: number, patch: Partial<EquipmentUnit>) =>
    setUnits((list) => list.map((u, i) => (i === index ? { ...u, ...patch } : u)))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSaving(true)
    const kept = units.filter((u) => u.make.trim() || u.model.trim() || u.serial.trim() || u.firmware.trim())
    if (await saveCaseChange(() => setCaseEquipment(db, props.caseId, vessel, kept))) props.onDone()
    setSaving(false)
  }

  return (
    <form onSubmit={submit}>
      <TextField label="Vessel" value={vessel} onChange={setVessel} maxLength={LIMITS.vesselMaxChars} />
      {units.map((u, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: units have no id; rows are only appended or removed here
        <fieldset key={i} className="unit-fields">
          <legend>Unit {i + 1}</legend>
          <div className="field-row">
            <TextField label="Make" value={u.make} onChange={(make) => change(i, { make })} maxLength={max} />
            <TextField label="Model" value={u.model} onChange={(model) => change(i, { model })} maxLength={max} />
            <TextField label="Serial" value={u.serial} onChange={(serial) => change(i, { serial })} maxLength={max} />
          </div>
          <div className="field-row">
            <Field label="Hours">
              {(id) => (
                <input
                  id={id}
                  className="input"
                  inputMode="numeric"
                  value={u.hours ?? ''}
                  onChange={(e) => {
                    const digits = e.target.value.replace(/\D/g, '').slice(0, 7)
                    change(i, { hours: digits ? Number(digits) : null })
                  }}
                />
              )}
            </Field>
            <TextField
              label="Firmware"
              value={u.firmware}
              onChange={(firmware) => change(i, { firmware })}
              maxLength={max}
            />
          </div>
          <Button variant="ghost" onClick={() => setUnits((list) => list.filter((_, j) => j !== i))}>
            Remove unit
          </Button>
        </fieldset>
      ))}
      <div className="form-actions">
        {units.length < LIMITS.equipmentUnitsMax && (
          <Button variant="secondary" onClick={() => setUnits((list) => [...list, blankUnit()])}>
            Add unit
          </Button>
        )}
        <Button variant="ghost" onClick={props.onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          Save equipment
        </Button>
      </div>
    </form>
  )
}

const max = LIMITS.equipmentFieldMaxChars
