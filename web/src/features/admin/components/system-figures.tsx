import { EXPERT_NAMES, type SystemInfo, systemInfoSchema } from '@mw/sync-protocol'
import { Fragment, useEffect, useState } from 'react'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'
import { formatSize } from '../../../lib/format-size.ts'
import { relativeTime } from '../../../lib/relative-time.ts'
import { useTenant } from '../../../lib/use-tenant.ts'

/** The server's own figures for an Admin (read over the network: only the server knows them). */
export function SystemFigures() {
  const tenant = useTenant()
  const [info, setInfo] = useState<SystemInfo | string | null>(null)
  useEffect(() => {
    let stale = false
    apiRequest('GET', `/api/t/${tenant}/admin/system`, systemInfoSchema, { timeoutMs: 15000 })
      .then((answer) => !stale && setInfo(answer))
      .catch(
        (error: unknown) =>
          !stale &&
          setInfo(
            error instanceof ApiError && error.code === 'network'
              ? 'The server figures show when the device is online.'
              : 'The server figures could not be read.',
          ),
      )
    return () => {
      stale = true
    }
  }, [tenant])

  if (info === null) return <p className="muted">Reading the server's figures…</p>
  if (typeof info === 'string') return <p className="muted">{info}</p>
  return (
    <dl className="info-list" aria-label="Server">
      <dt>Server version</dt>
      <dd>
        {info.version} (Node {info.node}), running since {relativeTime(info.startedAt)}
        {info.build.id && `; web build ${info.build.id}`}
        {info.build.builtAt && `, built ${relativeTime(info.build.builtAt)}`}
      </dd>
      <dt>Database</dt>
      <dd>
        {info.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}, {formatSize(info.database.sizeBytes)}
        {info.database.freeBytes !== null && `, ${formatSize(info.database.freeBytes)} free on its disk`}
      </dd>
      <dt>Knowledge</dt>
      <dd>
        {info.knowledge.documents} documents, {info.knowledge.passages} passages
        {info.knowledge.processing > 0 && `, ${info.knowledge.processing} processing`}
        {info.knowledge.failed > 0 && `, ${info.knowledge.failed} failed`}
      </dd>
      <dt>Devices</dt>
      <dd>
        {info.sync.devices} synced
        {info.sync.lastSeenAt && `, last ${relativeTime(info.sync.lastSeenAt)}`}
      </dd>
      <dt>Questions waiting for an answer</dt>
      <dd>{info.sync.oldestWaitingAt ? `since ${relativeTime(info.sync.oldestWaitingAt)}` : 'none'}</dd>
      {info.models.map((m) => (
        <Fragment key={m.expert}>
          <dt>{EXPERT_NAMES[m.expert]} model</dt>
          <dd>
            {m.primary}: {m.unavailable ?? 'can be called.'} Last 7 days: {m.answers.primary} answers by it,{' '}
            {m.answers.fallback} by the fallback, {m.answers.local} from the manuals alone.
          </dd>
        </Fragment>
      ))}
      <dt>Recent errors</dt>
      <dd>
        {info.recentErrors.length === 0 ? (
          'none since the server started'
        ) : (
          <ul className="plain-list">
            {info.recentErrors.map((e) => (
              <li key={`${e.at}-${e.message}`}>
                {relativeTime(e.at)}: {e.message}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  )
}
