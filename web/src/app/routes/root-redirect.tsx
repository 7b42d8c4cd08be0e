import { DEFAULT_TENANT } from '@mw/sync-protocol'
import { Navigate } from 'react-router-dom'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useSessionStore } from '../../lib/session-store.ts'

/**
 * `/` and `/t`: the default workspace (SPEC: /t/demo), unless the signed-in user belongs only to
 * others; then their first one, so a member of another company opening the installed app or the
 * bare address lands at home and not on "Page Not Found".
 */
export function RootRedirect() {
  const status = useSessionStore((s) => s.status)
  const tenants = useSessionStore((s) => s.user?.tenants)
  if (status === 'loading') return <Spinner label="Loading Marine Workbench" />
  const mine = tenants?.some((t) => t.slug === DEFAULT_TENANT) ? DEFAULT_TENANT : tenants?.[0]?.slug
  return <Navigate to={`/t/${mine ?? DEFAULT_TENANT}`} replace />
}
