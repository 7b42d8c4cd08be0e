import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { setRowsScreen } from '../app/last-view/keep.ts'

const marked = new Set<string>()

/**
 * Marks the moment a screen first shows rows read from the device, once a page load: the
 * performance mark `mw:rows-live:<name>` (its startTime is milliseconds after navigation start),
 * and `mw:rows:<name>` unless the kept last view drew the rows first (app/last-view). While the
 * rows show, the screen's view is the one kept when the page is hidden. `npm run bench:wire`
 * reads both marks for the warm-start figures.
 */
export function useRowsVisibleMark(name: 'cases' | 'home-recent' | 'messages', visible: boolean): void {
  const { pathname, search } = useLocation()
  useEffect(() => {
    if (!visible) return
    if (!marked.has(name)) {
      marked.add(name)
      performance.mark(`mw:rows-live:${name}`)
      if (performance.getEntriesByName(`mw:rows:${name}`).length === 0) performance.mark(`mw:rows:${name}`)
    }
    setRowsScreen({ rows: name, address: pathname + search })
    return () => setRowsScreen(undefined)
  }, [name, visible, pathname, search])
}
