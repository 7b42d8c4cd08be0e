import type { Branding } from '@mw/sync-protocol'
import { NavLink } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge.tsx'
import { Icon, type IconName } from '../../../components/ui/icon.tsx'
import { displayName } from '../../../lib/display-name.ts'
import { useCurrentUser, useRole } from '../../../lib/session-store.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { clearLocalDataForSignOut, unsentChangesMessage } from '../../../sync/sign-out.ts'
import { SyncIndicator } from './sync-indicator.tsx'
import { TenantLogo } from './tenant-logo.tsx'

/** Clears this user's offline data (asking first when changes are unsent), then signs out on the server. */
async function signOut(userId: string | undefined) {
  const proceed = userId
    ? await clearLocalDataForSignOut(userId, (unsent) => window.confirm(unsentChangesMessage(unsent))).catch(() => true)
    : true
  if (proceed) window.location.assign('/api/logout')
}

export function SideNav({ branding, onClose }: { branding: Branding; onClose: () => void }) {
  const tenant = useTenant()
  const user = useCurrentUser()
  const role = useRole(tenant)
  const base = `/t/${tenant}`
  const canAdmin = role === 'Manager' || role === 'Admin'
  const link = (to: string, label: string, icon: IconName, end = false) => (
    <li>
      <NavLink to={to} end={end} className="nav-link">
        <Icon name={icon} /> {label}
      </NavLink>
    </li>
  )

  return (
    <nav id="side-nav" className="side-nav" aria-label="Main navigation">
      <div className="nav-header">
        <TenantLogo url={branding.logoUrl} letters={branding.logoLetters} />
        <span className="nav-tenant-name">{branding.name}</span>
        <button
          type="button"
          className="btn btn-ghost icon-btn nav-close"
          aria-label="Close navigation"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <div className="nav-body">
        <h2 className="nav-section">Main</h2>
        <ul>{link(base, 'Home', 'home', true)}</ul>
        <h2 className="nav-section">Experts</h2>
        <ul>
          <li>
            <span className="nav-link is-disabled" aria-disabled="true">
              <Icon name="compass" /> Master <Badge variant="outline">Coming Soon</Badge>
            </span>
          </li>
          {link(`${base}/ask/seakeeper`, 'Seakeeper', 'anchor')}
          {link(`${base}/ask/furuno`, 'Furuno', 'radar')}
        </ul>
        <h2 className="nav-section">Tools</h2>
        <ul>
          {link(`${base}/cases`, 'Cases', 'folder')}
          {link(`${base}/training`, 'Training', 'cap', true)}
          {link(`${base}/training/mine`, 'Assigned to Me', 'check')}
          {link(`${base}/reports`, 'Reports', 'chart')}
          {canAdmin && link(`${base}/admin`, 'Admin', 'gear')}
        </ul>
      </div>
      <div className="nav-sync">
        <SyncIndicator expanded />
      </div>
      <div className="nav-footer">
        {user?.profileImageUrl ? (
          <img className="avatar" src={user.profileImageUrl} alt="" />
        ) : (
          <span className="avatar avatar-fallback" aria-hidden="true">
            {displayName(user).slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="nav-profile">
          <span className="nav-profile-name">{displayName(user)}</span>
          <span className="nav-profile-role">{role ?? 'Technician'}</span>
        </div>
        <button
          type="button"
          className="btn btn-ghost icon-btn"
          aria-label="Log out"
          title="Log out"
          onClick={() => void signOut(user?.id)}
        >
          <Icon name="logout" />
        </button>
      </div>
    </nav>
  )
}
