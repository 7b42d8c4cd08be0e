import { Field } from './field.tsx'

/** A labelled text area (descriptions, question texts, explanations). */
export function TextAreaField({
  label,
  value,
  onChange,
  maxLength,
  rows = 3,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  rows?: number
}) {
  return (
    <Field label={label}>
      {(id) => (
        <textarea
          id={id}
          className="input"
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}
