import { EXPERT_NAMES, type ReportRange } from '@mw/sync-protocol'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { useRole } from '../../../lib/session-store.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { type Reports, useReports } from '../hooks/use-reports.ts'
import { ActivityChart } from './activity-chart.tsx'
import { BarList } from './bar-list.tsx'
import { RangePicker } from './range-picker.tsx'
import { downloadCsv, reportsToCsv } from './reports-csv.ts'

const TREND = { up: '▲ up', down: '▼ down', stable: '■ stable' } as const

function formatMinutes(minutes: number | null, none: string): string {
  if (minutes === null) return none
  if (minutes < 60) return `${minutes.toFixed(1)}m`
  if (minutes < 48 * 60) return `${(minutes / 60).toFixed(1)}h`
  return `${(minutes / 1440).toFixed(1)}d`
}

export function ReportsPage() {
  const tenant = useTenant()
  const online = useOnlineStatus()
  const role = useRole(tenant)
  const [range, setRange] = useState<ReportRange>({})
  const { state, reload } = useReports(tenant, range)
  const reports = state.status === 'ready' ? state.reports : null

  const share = async () => {
    if (!reports) return
    const s = reports.summary
    const text = `${s.totalQueries} queries, ${s.resolvedPercent}% of cases resolved, ${s.trainingCompletionPercent}% training completion.`
    try {
      if (navigator.share) await navigator.share({ title: 'Reports & Analytics', text, url: window.location.href })
      else {
        await navigator.clipboard.writeText(`${text} ${window.location.href}`)
        toast({ title: 'Summary copied', description: 'The report summary and link are on your clipboard.' })
      }
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        errorToast('Share failed', 'Please try again')
    }
  }

  return (
    <div className="page reports">
      <header className="page-header page-header-row">
        <div>
          <h1>Reports &amp; Analytics</h1>
          <p className="muted">
            Computed from this workspace's conversations, cases and training
            {state.status === 'ready' && ` · as of ${state.at.toLocaleString()}`}.
          </p>
        </div>
        <div className="toolbar no-print">
          <Button variant="secondary" disabled={!reports} onClick={() => window.print()}>
            Export PDF
          </Button>
          <Button
            variant="secondary"
            disabled={!reports}
            onClick={() => reports && downloadCsv(`${tenant}-reports.csv`, reportsToCsv(reports))}
          >
            Export CSV
          </Button>
          <Button variant="secondary" disabled={!reports} onClick={() => void share()}>
            Share
          </Button>
        </div>
      </header>
      <RangePicker range={range} onChange={setRange} />
      {state.status === 'loading' && <Skeleton rows={4} />}
      {state.status === 'error' && (
        <EmptyState
          title={online ? 'Reports could not be loaded' : 'Reports need a connection'}
          text={online ? state.message : 'Reports are computed on the server; they show when you are back online.'}
        >
          <Button onClick={() => void reload()}>Try again</Button>
        </EmptyState>
      )}
      {reports && <ReportBody reports={reports} tenant={tenant} canManage={role === 'Manager' || role === 'Admin'} />}
    </div>
  )
}

function ReportBody({ reports, tenant, canManage }: { reports: Reports; tenant: string; canManage: boolean }) {
  const s = reports.summary
  const tiles = [
    { label: 'Total Queries', value: s.totalQueries.toLocaleString() },
    { label: 'Resolved Cases', value: `${Math.round(s.resolvedPercent)}%` },
    { label: 'Training Completion', value: `${Math.round(s.trainingCompletionPercent)}%` },
    { label: 'Avg Response Time', value: formatMinutes(s.avgResponseMinutes, 'No responses yet') },
  ]
  return (
    <>
      <dl className="tile-grid">
        {tiles.map((t) => (
          <div key={t.label} className="card tile">
            <dt className="muted">{t.label}</dt>
            <dd className="tile-value">{t.value}</dd>
          </div>
        ))}
      </dl>
      <section className="card" aria-labelledby="activity-title">
        <h2 id="activity-title">Questions per Day</h2>
        <ActivityChart days={reports.activity} />
      </section>
      <div className="report-grid">
        <section className="card" aria-labelledby="top-searches">
          <h2 id="top-searches">Top Searches</h2>
          {reports.topSearches.length === 0 ? (
            <p className="muted">No questions asked yet.</p>
          ) : (
            <BarList
              label="Top searches by count"
              rows={reports.topSearches.map((t) => ({ label: t.query, value: t.count, note: TREND[t.trend] }))}
            />
          )}
        </section>
        <section className="card" aria-labelledby="low-confidence">
          <h2 id="low-confidence">Low Confidence Topics</h2>
          <p className="muted">
            What technicians asked that the manuals did not answer well, or that they marked not helpful.
            {canManage && (
              <>
                {' '}
                <Link to={`/t/${tenant}/admin?tab=knowledge`}>Add the missing manuals</Link>
              </>
            )}
          </p>
          {reports.lowConfidence.length === 0 ? (
            <p className="muted">No low-confidence topics.</p>
          ) : (
            <BarList
              label="Answer confidence by topic"
              max={100}
              format={(v) => `${v}% confidence`}
              rows={reports.lowConfidence.map((t) => ({
                label: t.topic,
                value: Math.round(t.confidence * 100),
                note: `${t.queries} ${t.queries === 1 ? 'query' : 'queries'}`,
              }))}
            />
          )}
        </section>
        <section className="card" aria-labelledby="training-progress">
          <h2 id="training-progress">Training Progress</h2>
          {reports.training.length === 0 ? (
            <p className="muted">No training assigned yet.</p>
          ) : (
            <BarList
              label="Completion by training module"
              max={100}
              format={(v) => `${v}% complete`}
              rows={reports.training.map((t) => ({
                label: t.module,
                value: Math.round(t.completion),
                note: `avg score ${Math.round(t.avgScore)}%`,
              }))}
            />
          )}
        </section>
        <section className="card" aria-labelledby="expert-usage">
          <h2 id="expert-usage">Expert Usage</h2>
          <BarList
            label="Queries per expert"
            format={(v) => `${v.toLocaleString()} queries`}
            rows={s.expertUsage.map((u) => ({ label: EXPERT_NAMES[u.expert], value: u.queries }))}
          />
        </section>
      </div>
    </>
  )
}
