/**
 * Turns a failed IndexedDB write into a sentence the user can act on (a full disk, or a database
 * the browser removed or blocked). No UI here: the service worker's drainer uses it too.
 */

export const QUOTA_MESSAGE = 'This device is out of storage space. Free some space so changes can be saved.'
export const EVICTED_MESSAGE = "The browser removed or blocked this app's offline data. Reload to download it again."

/** The user-facing message for a storage failure, or null when `error` is not one. */
export function storageProblemOf(error: unknown): string | null {
  const names = [(error as { name?: string })?.name, (error as { inner?: { name?: string } })?.inner?.name]
  if (names.includes('QuotaExceededError')) return QUOTA_MESSAGE
  const gone = ['DatabaseClosedError', 'MissingAPIError', 'InvalidStateError', 'OpenFailedError', 'VersionError']
  if (names.some((n) => n !== undefined && gone.includes(n))) return EVICTED_MESSAGE
  return null
}
