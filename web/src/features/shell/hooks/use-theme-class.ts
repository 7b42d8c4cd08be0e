import { DEFAULT_THEME, PWA_THEME_COLOR, THEMES } from '@mw/sync-protocol'
import { useEffect } from 'react'

/**
 * Puts `theme-{name}` on <html> so the whole page, portals included, takes the tenant's colours;
 * an accent colour replaces the theme's primary (its contrast with white text was checked when it
 * was saved) and colours the installed app's bar.
 */
export function useThemeClass(theme: string, accentColor?: string | null) {
  useEffect(() => {
    const root = document.documentElement
    for (const t of THEMES) root.classList.remove(`theme-${t}`)
    root.classList.add(`theme-${(THEMES as readonly string[]).includes(theme) ? theme : DEFAULT_THEME}`)
  }, [theme])

  useEffect(() => {
    const style = document.documentElement.style
    if (accentColor) {
      style.setProperty('--primary', accentColor)
      style.setProperty('--primary-hover', `color-mix(in srgb, ${accentColor} 85%, black)`)
    } else {
      style.removeProperty('--primary')
      style.removeProperty('--primary-hover')
    }
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', accentColor || PWA_THEME_COLOR)
  }, [accentColor])
}

/** The installed app takes the tenant's name, icon and colour: its manifest comes from the server. */
export function useTenantManifest(tenant: string) {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
    if (link) link.href = `/api/branding/${encodeURIComponent(tenant)}/manifest.webmanifest`
  }, [tenant])
}
