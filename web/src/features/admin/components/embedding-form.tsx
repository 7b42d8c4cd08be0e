import { EMBEDDING_PROVIDERS, type EmbeddingStatus, embeddingStatusSchema } from '@mw/sync-protocol'
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'

type Provider = (typeof EMBEDDING_PROVIDERS)[number] | 'none'
const LABELS: Record<Provider, string> = {
  none: 'None: search by words only',
  openai: 'OpenAI',
  google: 'Google',
  'openai-compatible': 'OpenAI-compatible server (a model on the boat)',
}

const progress = (s: EmbeddingStatus) =>
  s.embedding === null
    ? 'Answers search the manuals by their words.'
    : `${s.embedded.toLocaleString()} of ${s.total.toLocaleString()} passages embedded${s.working ? ' (working…)' : ''}.`

/**
 * Admin Settings → Models: an optional embedding model, so answers also find passages by meaning
 * (fused with the word search). Admins choose; Managers see the model and how far it got.
 */
export function EmbeddingForm({ tenant, isAdmin }: { tenant: string; isAdmin: boolean }) {
  const headingId = useId()
  const url = `/api/t/${tenant}/admin/embedding`
  const [status, setStatus] = useState<EmbeddingStatus | string | null>(null)
  const [provider, setProvider] = useState<Provider>('none')
  const [model, setModel] = useState('')
  const [baseUrl, setBaseUrl] = useState('')
  const [saving, setSaving] = useState(false)

  const show = useCallback((s: EmbeddingStatus) => {
    setStatus(s)
    setProvider(s.embedding?.provider ?? 'none')
    setModel(s.embedding?.model ?? '')
    setBaseUrl(s.embedding?.baseUrl ?? '')
  }, [])
  useEffect(() => {
    let stale = false
    apiRequest('GET', url, embeddingStatusSchema).then(
      (s) => !stale && show(s),
      () => !stale && setStatus('The embedding settings show when the device is online.'),
    )
    return () => {
      stale = true
    }
  }, [url, show])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSaving(true)
    const embedding =
      provider === 'none'
        ? null
        : { provider, model: model.trim(), ...(provider === 'openai-compatible' ? { baseUrl: baseUrl.trim() } : {}) }
    try {
      show(
        await apiRequest('PUT', url, embeddingStatusSchema, {
          body: { embedding },
          idempotencyKey: crypto.randomUUID(),
        }),
      )
      toast({ title: 'Embedding model saved', description: embedding ? 'Passages are being embedded.' : undefined })
    } catch (error) {
      errorToast('Update failed', error instanceof ApiError ? error.serverMessage : 'Please try again.')
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className="card form" onSubmit={submit} aria-labelledby={headingId}>
      <h2 id={headingId}>Search by meaning (optional)</h2>
      <Field label="Embedding provider">
        {(id) => (
          <select
            id={id}
            className="select"
            value={provider}
            disabled={!isAdmin}
            onChange={(e) => setProvider(e.target.value as Provider)}
          >
            {(['none', ...EMBEDDING_PROVIDERS] as const).map((p) => (
              <option key={p} value={p}>
                {LABELS[p]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {provider !== 'none' && (
        <Field label="Embedding model" hint="For example text-embedding-3-small, or nomic-embed-text on a boat server.">
          {(id) => (
            <input
              id={id}
              className="input"
              value={model}
              readOnly={!isAdmin}
              onChange={(e) => setModel(e.target.value)}
            />
          )}
        </Field>
      )}
      {provider === 'openai-compatible' && (
        <Field label="Embedding server URL" hint="For example http://10.0.0.5:11434/v1">
          {(id) => (
            <input
              id={id}
              className="input"
              type="url"
              value={baseUrl}
              readOnly={!isAdmin}
              onChange={(e) => setBaseUrl(e.target.value)}
            />
          )}
        </Field>
      )}
      <p className="muted" role="status">
        {typeof status === 'string' ? status : status ? progress(status) : 'Loading…'}
      </p>
      {typeof status === 'object' && status?.error && <p className="doc-error">Embedding stopped: {status.error}</p>}
      {isAdmin && (
        <div className="form-actions">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save embedding model'}
          </Button>
        </div>
      )}
    </form>
  )
}
