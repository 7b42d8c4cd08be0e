import { DEFAULT_THEME, THEMES } from '@mw/sync-protocol'
import { useEffect } from 'react'

/** Puts `theme-{name}` on <html> so the whole page, portals included, takes the tenant's colours. */
export function useThemeClass(theme: string) {
  useEffect(() => {
    const root = document.documentElement
    for (const t of THEMES) root.classList.remove(`theme-${t}`)
    root.classList.add(`theme-${(THEMES as readonly string[]).includes(theme) ? theme : DEFAULT_THEME}`)
  }, [theme])
}
