/** A labelled horizontal bar chart in plain HTML/CSS: each bar's width is its share of `max`. */
export function BarList({
  rows,
  max,
  format = (v) => String(v),
  label,
}: {
  rows: { label: string; value: number; note?: string }[]
  max?: number
  format?: (value: number) => string
  label: string
}) {
  const top = max ?? Math.max(1, ...rows.map((r) => r.value))
  return (
    <ul className="bar-list" aria-label={label}>
      {rows.map((r) => (
        <li key={r.label} className="bar-row">
          <div className="bar-head">
            <span>{r.label}</span>
            <span className="bar-value">
              {format(r.value)}
              {r.note && <span className="muted"> · {r.note}</span>}
            </span>
          </div>
          <div className="bar-track" aria-hidden="true">
            <div className="bar-fill" style={{ width: `${Math.min(100, (r.value / top) * 100)}%` }} />
          </div>
        </li>
      ))}
    </ul>
  )
}
