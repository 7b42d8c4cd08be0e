const UNITS = ['KB', 'MB', 'GB', 'TB']

/** A byte count as people read it: "3 KB", "1.8 MB", "10.0 GB" (a device's quota, a disk's free space). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${value.toFixed(0)} KB` : `${value.toFixed(1)} ${UNITS[unit]}`
}
