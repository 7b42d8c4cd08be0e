import type { CaseStatus } from '@mw/sync-protocol'
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx'

const VARIANTS: Record<CaseStatus, BadgeVariant> = {
  Open: 'destructive',
  'In-Progress': 'secondary',
  Resolved: 'default',
}

export function StatusBadge({ status }: { status: CaseStatus }) {
  return <Badge variant={VARIANTS[status]}>{status}</Badge>
}
