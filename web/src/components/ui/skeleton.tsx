export function Skeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="skeleton-list" role="status" aria-busy="true">
      <span className="sr-only">Loading</span>
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key) => (
        <div key={key} className="skeleton-row" />
      ))}
    </div>
  )
}
