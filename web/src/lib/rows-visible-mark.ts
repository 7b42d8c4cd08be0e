import { useEffect } from 'react'

const marked = new Set<string>()

/**
 * Marks the moment a screen first shows rows read from the device, once a page load, as the
 * performance mark `mw:rows:<name>` (its startTime is milliseconds after navigation start).
 * `npm run bench:wire` reads it for the warm-start figures.
 */
export function useRowsVisibleMark(name: 'cases' | 'home-recent' | 'messages', visible: boolean): void {
  useEffect(() => {
    if (!visible || marked.has(name)) return
    marked.add(name)
    performance.mark(`mw:rows:${name}`)
  }, [name, visible])
}
