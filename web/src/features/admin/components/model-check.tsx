import { type Expert, type ModelChoice, type ModelTestResult, modelTestResultSchema } from '@mw/sync-protocol'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import type { ProviderKeys } from '../hooks/use-provider-keys.ts'

/** Whether the server can use a chosen provider: its key (never shown), or why answers would come from the manuals alone. */
export function KeyStatus({ choice, keys }: { choice: ModelChoice; keys: ProviderKeys | string | null }) {
  if (keys === null) return null
  if (typeof keys === 'string') return <p className="muted">{keys}</p>
  if (choice.provider === 'local') return <p className="muted">Answers quote the manuals; no model is called.</p>
  if (choice.provider === 'openai-compatible') {
    return (
      <p className="muted">
        {choice.baseUrl ? 'Called at the base URL above.' : 'Needs a base URL.'}{' '}
        {keys['openai-compatible']?.keyConfigured ? 'The server holds a key for its own model server.' : ''}
      </p>
    )
  }
  return keys[choice.provider]?.keyConfigured ? (
    <p className="status-ok">The server has a key for {choice.provider}.</p>
  ) : (
    <p className="status-warn">
      The server has no key for {choice.provider}: answers will come from the fallback or the manuals alone.
    </p>
  )
}

/** Asks the saved primary model one short question and says whether it answered, and how fast (Admins). */
export function ModelTest({ expert }: { expert: Expert }) {
  const tenant = useTenant()
  const [result, setResult] = useState<ModelTestResult | string | null>(null)
  const [testing, setTesting] = useState(false)

  const run = async () => {
    setTesting(true)
    setResult(null)
    try {
      setResult(
        await apiRequest('POST', `/api/t/${tenant}/admin/models/${expert}/test`, modelTestResultSchema, {
          timeoutMs: 30_000,
        }),
      )
    } catch (error) {
      setResult(
        error instanceof ApiError && error.code === 'network'
          ? 'The test needs a connection to the server.'
          : error instanceof ApiError
            ? error.serverMessage
            : 'The test could not run.',
      )
    } finally {
      setTesting(false)
    }
  }

  return (
    <div className="model-test">
      <Button variant="secondary" disabled={testing} onClick={() => void run()}>
        {testing ? 'Testing…' : 'Test'}
      </Button>
      <p className="muted" role="status">
        {typeof result === 'string'
          ? result
          : result?.ok
            ? `${result.provider}:${result.model} answered in ${result.latencyMs} ms.`
            : result
              ? `${result.provider}:${result.model} did not answer: ${result.error}`
              : 'Tests the saved primary model with one short question.'}
      </p>
    </div>
  )
}
