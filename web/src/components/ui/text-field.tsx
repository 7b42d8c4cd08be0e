import { Field } from './field.tsx'

/** A labelled one-line text input (titles, names): the shape every form here repeats. */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  hint,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  hint?: string
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <input
          id={id}
          className="input"
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}
