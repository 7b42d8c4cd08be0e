import { type Branding, brandingSchema, DEFAULT_THEME, LIMITS, PRODUCT_NAME, THEMES, TIMINGS } from '@mw/sync-protocol'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { awaitMutationResult } from '../../../sync/await-result.ts'
import { saveBranding } from '../actions.ts'
import { reportSaveResult, SAVE_WAIT_MS } from '../hooks/report-save-result.ts'
import { AccentField } from './accent-field.tsx'
import { LogoField } from './logo-field.tsx'

/** Logo letters: at most two, upper case (docs/PRODUCT.md, Limits). */
export const toLogoLetters = (value: string) => value.toUpperCase().slice(0, LIMITS.logoLettersMax)

export function BrandingTab({ branding }: { branding: Branding | null }) {
  const db = useLocalDb()
  const [name, setName] = useState(branding?.name ?? PRODUCT_NAME)
  const [theme, setTheme] = useState<Branding['theme']>(branding?.theme ?? DEFAULT_THEME)
  const [logoUrl, setLogoUrl] = useState(branding?.logoUrl ?? '')
  const [logoLetters, setLogoLetters] = useState(branding?.logoLetters ?? '')
  const [accentColor, setAccentColor] = useState(branding?.accentColor ?? '')
  const [saving, setSaving] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = brandingSchema.safeParse({
      name,
      theme,
      logoUrl: logoUrl.trim() || null,
      logoLetters,
      accentColor: accentColor || null,
    })
    if (!parsed.success) {
      errorToast('Update failed', parsed.error.issues[0]?.message ?? 'Check the branding fields.')
      return
    }
    setSaving(true)
    try {
      const { mid } = await saveBranding(db, parsed.data)
      const result = await awaitMutationResult(db, mid, { timeoutMs: SAVE_WAIT_MS })
      if (reportSaveResult(result, 'Configuration updated')) {
        setTimeout(() => window.location.reload(), TIMINGS.reloadAfterBrandingSaveMs)
      }
    } catch (error) {
      errorToast('Update failed', errorText(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="branding-title">
      <h2 id="branding-title">Branding</h2>
      <TextField label="Name" value={name} maxLength={80} onChange={setName} />
      <Field label="Theme">
        {(id) => (
          <select
            id={id}
            className="select"
            value={theme}
            onChange={(e) => setTheme(e.target.value as Branding['theme'])}
          >
            {THEMES.map((t) => (
              <option key={t} value={t}>
                {t[0]?.toUpperCase()}
                {t.slice(1)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <AccentField value={accentColor} onChange={setAccentColor} />
      <LogoField logoUrl={logoUrl} onChange={setLogoUrl} />
      <Field
        label="Logo URL"
        hint="An https address of an image, or upload one; leave empty to show the letters badge."
      >
        {(id) => (
          // Text, not type="url": an uploaded logo's address is a path on this server, which the browser would refuse.
          <input
            id={id}
            className="input"
            inputMode="url"
            value={logoUrl}
            onChange={(e) => setLogoUrl(e.target.value)}
          />
        )}
      </Field>
      <Field label="Logo letters" hint="Up to 2 letters, shown when there is no logo image.">
        {(id) => (
          <input
            id={id}
            className="input input-short"
            value={logoLetters}
            maxLength={LIMITS.logoLettersMax}
            onChange={(e) => setLogoLetters(toLogoLetters(e.target.value))}
          />
        )}
      </Field>
      <div className="form-actions">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save Branding'}
        </Button>
      </div>
    </form>
  )
}
