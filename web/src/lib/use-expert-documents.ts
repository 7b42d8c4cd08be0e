import { documentListSchema, type Expert, type KbDocument } from '@mw/sync-protocol'
import { useCallback, useEffect, useState } from 'react'
import { ApiError, apiRequest } from './api-client.ts'

export type DocumentsState =
  | { status: 'loading' }
  | { status: 'ready'; documents: KbDocument[] }
  | { status: 'error'; message: string }

const POLL_MS = 1000

/**
 * An expert's documents, read over the network (the library lives on the server). While any is
 * processing, the list is read again every second so progress moves on screen.
 */
export function useExpertDocuments(tenant: string, expert: Expert) {
  const [state, setState] = useState<DocumentsState>({ status: 'loading' })
  const load = useCallback(async () => {
    try {
      const { documents } = await apiRequest(
        'GET',
        `/api/t/${tenant}/experts/${expert}/documents`,
        documentListSchema,
        { timeoutMs: 15000 },
      )
      setState({ status: 'ready', documents })
    } catch (error) {
      setState({
        status: 'error',
        message: error instanceof ApiError ? error.serverMessage : 'The documents could not be loaded.',
      })
    }
  }, [tenant, expert])

  useEffect(() => {
    setState({ status: 'loading' })
    void load()
  }, [load])

  const processing = state.status === 'ready' && state.documents.some((d) => d.status === 'processing')
  useEffect(() => {
    if (!processing) return
    const timer = setInterval(() => void load(), POLL_MS)
    return () => clearInterval(timer)
  }, [processing, load])

  return { state, reload: load }
}
