import {
  type Expert,
  type ExpertModelConfig,
  expertModelConfigInputSchema,
  LIMITS,
  type ModelChoice,
  PROVIDERS,
} from '@mw/sync-protocol'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { awaitMutationResult } from '../../../sync/await-result.ts'
import { saveModelConfig } from '../actions.ts'
import { reportSaveResult, SAVE_WAIT_MS } from '../hooks/report-save-result.ts'
import type { ProviderKeys } from '../hooks/use-provider-keys.ts'
import { KeyStatus, ModelTest } from './model-check.tsx'

export function ModelForm({
  expert,
  title,
  initial,
  keys,
  isAdmin,
}: {
  expert: Expert
  title: string
  initial: ExpertModelConfig
  keys: ProviderKeys | string | null
  isAdmin: boolean
}) {
  const db = useLocalDb()
  const headingId = useId()
  const [primary, setPrimary] = useState<ModelChoice>(initial.primary)
  const [fallback, setFallback] = useState<ModelChoice | null>(initial.fallback ?? null)
  const [temperature, setTemperature] = useState(String(initial.temperature))
  const [maxTokens, setMaxTokens] = useState(String(initial.maxOutputTokens))
  const [keepOnDevices, setKeepOnDevices] = useState(initial.keepOnDevices ?? false)
  const [saving, setSaving] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = expertModelConfigInputSchema.safeParse({
      primary,
      fallback,
      temperature: Number(temperature),
      maxOutputTokens: Number(maxTokens),
      keepOnDevices,
    })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.join('.') ?? 'config'
      errorToast('Update failed', `${field}: ${issue?.message ?? 'invalid value'}`)
      return
    }
    setSaving(true)
    try {
      const { mid } = await saveModelConfig(db, expert, parsed.data)
      reportSaveResult(await awaitMutationResult(db, mid, { timeoutMs: SAVE_WAIT_MS }), 'Model configuration updated')
    } catch (error) {
      errorToast('Update failed', errorText(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className="card form" onSubmit={submit} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ChoiceFields label="Primary" choice={primary} onChange={setPrimary} />
      <KeyStatus choice={primary} keys={keys} />
      <label className="radio">
        <input
          type="checkbox"
          checked={fallback !== null}
          onChange={(e) => setFallback(e.target.checked ? { provider: 'local', model: 'extractive' } : null)}
        />{' '}
        Use a fallback model
      </label>
      {fallback && <ChoiceFields label="Fallback" choice={fallback} onChange={setFallback} />}
      {fallback && <KeyStatus choice={fallback} keys={keys} />}
      <div className="field-row">
        <Field label="Temperature" hint="0 to 2, in steps of 0.1.">
          {(id) => (
            <input
              id={id}
              className="input input-short"
              type="number"
              min={LIMITS.temperature.min}
              max={LIMITS.temperature.max}
              step={LIMITS.temperature.step}
              value={temperature}
              onChange={(e) => setTemperature(e.target.value)}
            />
          )}
        </Field>
        <Field label="Max output tokens" hint="100 to 4000.">
          {(id) => (
            <input
              id={id}
              className="input input-short"
              type="number"
              min={LIMITS.maxOutputTokens.min}
              max={LIMITS.maxOutputTokens.max}
              step={1}
              value={maxTokens}
              onChange={(e) => setMaxTokens(e.target.value)}
            />
          )}
        </Field>
      </div>
      <label className="radio">
        <input type="checkbox" checked={keepOnDevices} onChange={(e) => setKeepOnDevices(e.target.checked)} /> Keep this
        expert's manuals on every device, for answers at sea
      </label>
      <div className="form-actions">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save Model'}
        </Button>
      </div>
      {isAdmin && <ModelTest expert={expert} />}
    </form>
  )
}

function ChoiceFields({
  label,
  choice,
  onChange,
}: {
  label: string
  choice: ModelChoice
  onChange: (choice: ModelChoice) => void
}) {
  return (
    <div className="field-row">
      <Field label={`${label} provider`}>
        {(id) => (
          <select
            id={id}
            className="select"
            value={choice.provider}
            onChange={(e) => onChange({ ...choice, provider: e.target.value as ModelChoice['provider'] })}
          >
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={`${label} model`}>
        {(id) => (
          <input
            id={id}
            className="input"
            value={choice.model}
            onChange={(e) => onChange({ ...choice, model: e.target.value })}
          />
        )}
      </Field>
      {choice.provider === 'openai-compatible' && (
        <Field label={`${label} base URL`}>
          {(id) => (
            <input
              id={id}
              className="input"
              type="url"
              value={choice.baseUrl ?? ''}
              onChange={(e) => onChange({ ...choice, baseUrl: e.target.value || undefined })}
            />
          )}
        </Field>
      )}
    </div>
  )
}
