import {
  type LowConfidenceTopic,
  lowConfidenceTopicsSchema,
  type ReportSummary,
  reportSummarySchema,
  type TopSearch,
  type TrainingSummaryRow,
  topSearchesSchema,
  trainingSummarySchema,
} from '@mw/sync-protocol'
import { useCallback, useEffect, useState } from 'react'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'

export interface Reports {
  summary: ReportSummary
  topSearches: TopSearch[]
  lowConfidence: LowConfidenceTopic[]
  training: TrainingSummaryRow[]
}

export type ReportsState =
  | { status: 'loading' }
  | { status: 'ready'; reports: Reports; at: Date }
  | { status: 'error'; message: string }

/**
 * The report endpoints are computed on the server from the whole tenant's data, which no device
 * holds, so this screen (alone) reads over the network rather than from the local database.
 */
export function useReports(tenant: string) {
  const [state, setState] = useState<ReportsState>({ status: 'loading' })
  const load = useCallback(async () => {
    setState({ status: 'loading' })
    const base = `/api/t/${tenant}/reports`
    try {
      const [summary, topSearches, lowConfidence, training] = await Promise.all([
        apiRequest('GET', `${base}/summary`, reportSummarySchema, { timeoutMs: 15000 }),
        apiRequest('GET', `${base}/top-searches`, topSearchesSchema, { timeoutMs: 15000 }),
        apiRequest('GET', `${base}/low-confidence`, lowConfidenceTopicsSchema, { timeoutMs: 15000 }),
        apiRequest('GET', `${base}/training-summary`, trainingSummarySchema, { timeoutMs: 15000 }),
      ])
      setState({ status: 'ready', reports: { summary, topSearches, lowConfidence, training }, at: new Date() })
    } catch (error) {
      setState({ status: 'error', message: error instanceof ApiError ? error.serverMessage : String(error) })
    }
  }, [tenant])
  useEffect(() => {
    void load()
  }, [load])
  return { state, reload: load }
}
