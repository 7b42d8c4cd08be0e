import { DEFAULT_TENANT } from '@mw/sync-protocol'
import { Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { Spinner } from '../../components/ui/spinner.tsx'
import { LocalDbProvider } from '../../db/local-db-context.tsx'
import { LandingPage } from '../../features/landing/components/landing-page.tsx'
import { AppShell } from '../../features/shell/components/app-shell.tsx'
import { useSessionStore } from '../../lib/session-store.ts'
import { useTenant } from '../../lib/use-tenant.ts'
import { keepLastViews } from '../last-view/keep.ts'
import { AppFailure } from './app-failure.tsx'
import { NotFound } from './not-found.tsx'
import { ScreenBoundary } from './screen-boundary.tsx'

/** Everything under /t/{tenant}: the landing page when signed out, else the shell over this tenant's data. */
export function TenantLayout() {
  const tenant = useTenant()
  const status = useSessionStore((s) => s.status)
  const user = useSessionStore((s) => s.user)
  const loadRole = useSessionStore((s) => s.loadRole)
  const { pathname } = useLocation()

  useEffect(() => {
    if (status === 'signed-in') void loadRole(tenant)
  }, [status, tenant, loadRole])
  useEffect(() => (user ? keepLastViews(user.id, tenant) : undefined), [user, tenant])

  if (status === 'loading') return <Spinner label="Loading Marine Workbench" />
  if (status === 'failed') return <AppFailure />
  if (status === 'signed-out' || !user) return <LandingPage />
  // Another organisation's workspace: nothing of it is shown (its API answers 404 as well).
  if (!user.tenants.some((t) => t.slug === tenant)) {
    return <NotFound home={`/t/${user.tenants[0]?.slug ?? DEFAULT_TENANT}`} />
  }
  return (
    <LocalDbProvider userId={user.id} tenant={tenant}>
      <AppShell>
        <ScreenBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ScreenBoundary>
      </AppShell>
    </LocalDbProvider>
  )
}
