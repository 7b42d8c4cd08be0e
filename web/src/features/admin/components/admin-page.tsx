import * as Tabs from '@radix-ui/react-tabs'
import { Navigate, useSearchParams } from 'react-router-dom'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useRole } from '../../../lib/session-store.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { useTenantConfig } from '../hooks/use-tenant-config.ts'
import { BrandingTab } from './branding-tab.tsx'
import { KnowledgeTab } from './knowledge-tab.tsx'
import { ModelsTab } from './models-tab.tsx'
import { SystemTab } from './system-tab.tsx'
import { UsersTab } from './users-tab.tsx'

const TABS = ['branding', 'models', 'users', 'system', 'knowledge']

/** Admin Settings for Manager and Admin; technicians are sent to the tenant's home. */
export function AdminPage() {
  const tenant = useTenant()
  const role = useRole(tenant)
  const config = useTenantConfig()
  // A link may open a tab (Reports' knowledge gaps open Knowledge).
  const [params] = useSearchParams()
  const tab = TABS.includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'branding'
  if (role === null) return <Spinner />
  if (role === 'Technician') return <Navigate to={`/t/${tenant}`} replace />

  return (
    <div className="page">
      <header className="page-header">
        <h1>Admin Settings</h1>
        <p className="muted">Branding, expert models, user roles and the experts' manuals of this workspace.</p>
      </header>
      <Tabs.Root defaultValue={tab} className="tabs">
        <Tabs.List className="tab-list" aria-label="Admin sections">
          <Tabs.Trigger className="tab" value="branding">
            Branding
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="models">
            Expert Models
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="users">
            Users
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="system">
            System
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="knowledge">
            Knowledge
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tab-panel" value="branding">
          {config === undefined ? <Spinner /> : <BrandingTab branding={config?.branding ?? null} />}
        </Tabs.Content>
        <Tabs.Content className="tab-panel" value="models">
          {config === undefined ? (
            <Spinner />
          ) : (
            <ModelsTab models={config?.models ?? null} isAdmin={role === 'Admin'} />
          )}
        </Tabs.Content>
        <Tabs.Content className="tab-panel" value="users">
          <UsersTab isAdmin={role === 'Admin'} />
        </Tabs.Content>
        <Tabs.Content className="tab-panel" value="knowledge">
          <KnowledgeTab isAdmin={role === 'Admin'} />
        </Tabs.Content>
        <Tabs.Content className="tab-panel" value="system">
          <SystemTab isAdmin={role === 'Admin'} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
