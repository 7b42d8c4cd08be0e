import {
  type ActivityDay,
  activitySchema,
  type LowConfidenceTopic,
  lowConfidenceTopicsSchema,
  type ReportRange,
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
  activity: ActivityDay[]
}

export type ReportsState =
  | { status: 'loading' }
  | { status: 'ready'; reports: Reports; at: Date }
  | { status: 'error'; message: string }

/**
 * The report endpoints are computed on the server from the whole tenant's data, which no device
 * holds, so this screen (alone) reads over the network rather than from the local database.
 */
export function useReports(tenant: string, range: ReportRange) {
  const [state, setState] = useState<ReportsState>({ status: 'loading' })
  const { from, to } = range
  const load = useCallback(async () => {
    setState({ status: 'loading' })
    const base = `/api/t/${tenant}/reports`
    const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString()
    const q = query ? `?${query}` : ''
    const get = <S extends Parameters<typeof apiRequest>[2]>(name: string, schema: S) =>
      apiRequest('GET', `${base}/${name}${q}`, schema, { timeoutMs: 15000 })
    try {
      const [summary, topSearches, lowConfidence, training, activity] = await Promise.all([
        get('summary', reportSummarySchema),
        get('top-searches', topSearchesSchema),
        get('low-confidence', lowConfidenceTopicsSchema),
        get('training-summary', trainingSummarySchema),
        get('activity', activitySchema),
      ])
      setState({
        status: 'ready',
        reports: { summary, topSearches, lowConfidence, training, activity },
        at: new Date(),
      })
    } catch (error) {
      setState({ status: 'error', message: error instanceof ApiError ? error.serverMessage : String(error) })
    }
  }, [tenant, from, to])
  useEffect(() => {
    void load()
  }, [load])
  return { state, reload: load }
}
