import type { KbDocument } from '@mw/sync-protocol'
import { Badge } from '../../../components/ui/badge.tsx'

/** "Ready", a live progress bar while processing (pages done of pages), or the error. */
export function DocumentStatus({ doc }: { doc: KbDocument }) {
  if (doc.status === 'processing') {
    const label = doc.pages ? `Processing: page ${doc.pagesDone} of ${doc.pages}` : 'Processing…'
    return (
      <span className="doc-status">
        <progress className="doc-progress" max={doc.pages ?? undefined} value={doc.pages ? doc.pagesDone : undefined}>
          {label}
        </progress>
        <span className="muted">{label}</span>
      </span>
    )
  }
  if (doc.status === 'failed') {
    return (
      <span className="doc-status">
        <Badge variant="destructive">Failed</Badge>
        <span className="doc-error">{doc.error}</span>
      </span>
    )
  }
  return (
    <span className="doc-status">
      <Badge variant="success">Ready</Badge>
      {doc.warning && <span className="doc-warning">{doc.warning}</span>}
    </span>
  )
}
