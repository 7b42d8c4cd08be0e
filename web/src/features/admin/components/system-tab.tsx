import { PROTOCOL_VERSION } from '@mw/sync-protocol'

export function SystemTab() {
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
    </section>
  )
}
