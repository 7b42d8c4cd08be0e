import { type ReactNode, useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { Icon } from '../../../components/ui/icon.tsx'
import { useTenant } from '../../../lib/use-tenant.ts'
import { useBranding } from '../hooks/use-branding.ts'
import { useKeptExperts } from '../hooks/use-kept-experts.ts'
import { useStartSync } from '../hooks/use-start-sync.ts'
import { useTenantManifest, useThemeClass } from '../hooks/use-theme-class.ts'
import { useShellStore } from '../store.ts'
import { SideNav } from './side-nav.tsx'
import { SyncIndicator } from './sync-indicator.tsx'
import { TenantLogo } from './tenant-logo.tsx'

/** The signed-in frame: left navigation (a drawer with an overlay below 768 px and on upright tablets), mobile header, content. */
export function AppShell({ children }: { children: ReactNode }) {
  const branding = useBranding()
  const navOpen = useShellStore((s) => s.navOpen)
  const setNavOpen = useShellStore((s) => s.setNavOpen)
  const { pathname, search } = useLocation()
  useThemeClass(branding.theme, branding.accentColor)
  useTenantManifest(useTenant())

  useEffect(() => {
    document.title = branding.name
  }, [branding.name])
  useStartSync()
  useKeptExperts()

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing the drawer is the point of a route change
  useEffect(() => {
    setNavOpen(false)
  }, [pathname, search, setNavOpen])

  useEffect(() => {
    if (!navOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setNavOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [navOpen, setNavOpen])

  return (
    <div className={`shell${navOpen ? ' nav-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="mobile-header">
        <button
          type="button"
          className="btn btn-ghost icon-btn"
          aria-label="Open navigation"
          aria-expanded={navOpen}
          aria-controls="side-nav"
          onClick={() => setNavOpen(true)}
        >
          <Icon name="menu" size={24} />
        </button>
        <TenantLogo url={branding.logoUrl} letters={branding.logoLetters} />
        <span className="mobile-title">{branding.name}</span>
        <SyncIndicator />
      </header>
      {navOpen && <div className="nav-overlay" aria-hidden="true" onClick={() => setNavOpen(false)} />}
      <SideNav branding={branding} onClose={() => setNavOpen(false)} />
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
