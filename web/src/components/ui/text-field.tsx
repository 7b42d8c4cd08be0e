import { Field } from './field.tsx'

/** A labelled one-line text input (titles, names): the shape every form here repeats. */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  hint,
  type = 'text',
}: {
  label: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  hint?: string
  /** 'email' brings the @ keyboard on a tablet and has the browser check the address before sending. */
  type?: 'text' | 'email'
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <input
          id={id}
          className="input"
          type={type}
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}
