import { PROTOCOL_VERSION } from '@mw/sync-protocol'
import { useTenant } from '../../../lib/use-tenant.ts'
import { SystemFigures } from './system-figures.tsx'

export function SystemTab({ isAdmin }: { isAdmin: boolean }) {
  const tenant = useTenant()
  return (
    <section className="card" aria-labelledby="system-title">
      <h2 id="system-title">System</h2>
      <dl className="info-list">
        <dt>Version</dt>
        <dd>v1.0.0</dd>
        <dt>Environment</dt>
        <dd>Production</dd>
        <dt>Sync protocol</dt>
        <dd>{PROTOCOL_VERSION}</dd>
        <dt>Offline data kept</dt>
        <dd>6 months</dd>
      </dl>
      {isAdmin && <SystemFigures />}
      {isAdmin && (
        <p>
          <a className="btn btn-secondary" href={`/api/t/${tenant}/admin/export`} download>
            Export all data of this workspace
          </a>{' '}
          <span className="muted">Cases, conversations, training, reports data and manuals, as one file.</span>
        </p>
      )}
    </section>
  )
}
