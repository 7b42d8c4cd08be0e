import { EXPERT_NAMES, EXPERTS, type Expert } from '@mw/sync-protocol'
import { Field } from './field.tsx'

/** The labelled choice of expert (seakeeper or furuno) that case and training forms share. */
export function ExpertField({
  label,
  value,
  onChange,
}: {
  label: string
  value: Expert
  onChange: (expert: Expert) => void
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value as Expert)}>
          {EXPERTS.map((x) => (
            <option key={x} value={x}>
              {EXPERT_NAMES[x]}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
