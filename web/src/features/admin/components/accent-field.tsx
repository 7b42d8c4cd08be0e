import { ACCENT_MIN_CONTRAST, contrastRatio } from '@mw/sync-protocol'
import { Field } from '../../../components/ui/field.tsx'

const HEX = /^#[0-9a-fA-F]{6}$/

/** The accent colour (buttons, links, the installed app's bar) with a live check that white text on it stays readable. */
export function AccentField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const valid = HEX.test(value)
  const ratio = valid ? contrastRatio(value, '#ffffff') : null
  return (
    <Field label="Accent colour" hint="Leave empty to keep the theme's colour.">
      {(id) => (
        <div className="accent-field">
          <input
            type="color"
            aria-label="Pick the accent colour"
            value={valid ? value : '#0f766e'}
            onChange={(e) => onChange(e.target.value)}
          />
          <input
            id={id}
            className="input input-short"
            placeholder="#0f766e"
            value={value}
            maxLength={7}
            onChange={(e) => onChange(e.target.value.trim())}
          />
          {value && (
            <span
              role="status"
              className={ratio !== null && ratio >= ACCENT_MIN_CONTRAST ? 'status-ok' : 'status-warn'}
            >
              {ratio === null
                ? 'Use a colour like #0f766e.'
                : ratio >= ACCENT_MIN_CONTRAST
                  ? `White text reads well on it (${ratio.toFixed(1)}:1).`
                  : `Too light for white text (${ratio.toFixed(1)}:1, needs ${ACCENT_MIN_CONTRAST}:1): pick a darker one.`}
            </span>
          )}
        </div>
      )}
    </Field>
  )
}
