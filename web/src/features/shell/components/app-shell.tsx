import { type ReactNode, useCallback, useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { Icon } from '../../../components/ui/icon.tsx'
import { useMediaQuery } from '../../../lib/use-media-query.ts'
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
  // The media query of shell.css that makes the navigation a drawer.
  const drawer = useMediaQuery('(max-width: 767px), (orientation: portrait) and (max-width: 1100px)')
  const modal = navOpen && drawer
  const menuButton = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)
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

  // The open drawer is modal: focus moves into it and the page behind is inert. Closing it by hand
  // gives focus back to the menu button; a route change leaves focus on the new screen.
  const closeNav = useCallback(() => {
    returnFocus.current = true
    setNavOpen(false)
  }, [setNavOpen])
  useEffect(() => {
    if (modal) document.querySelector<HTMLElement>('#side-nav .nav-close')?.focus()
    else if (returnFocus.current) menuButton.current?.focus()
    returnFocus.current = false
  }, [modal])

  useEffect(() => {
    if (!navOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeNav()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [navOpen, closeNav])

  return (
    <div className={`shell${navOpen ? ' nav-open' : ''}`}>
      <a className="skip-link" href="#main" inert={modal}>
        Skip to content
      </a>
      <header className="mobile-header" inert={modal}>
        <button
          ref={menuButton}
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
      {navOpen && <div className="nav-overlay" aria-hidden="true" onClick={closeNav} />}
      <SideNav branding={branding} onClose={closeNav} />
      <main id="main" className="shell-main" tabIndex={-1} inert={modal}>
        {children}
      </main>
    </div>
  )
}
