/**
 * Workbox installs its precache one file at a time (workbox issue 2528): over a 600 ms satellite
 * round trip that is a round trip per file, and 41 files took ~29 s to offline-ready. Fetched here
 * first, a few at once, the files named by their content hash land in the HTTP cache (the server
 * marks them immutable), and Workbox's own fetches of them (cache mode 'default') are answered
 * from it. Files with a revision (index.html and the like) Workbox fetches itself, bypassing it.
 */
type ManifestEntry = string | { url: string; revision?: string | null }

const AT_ONCE = 6

export async function prefetchPrecache(entries: readonly ManifestEntry[], base: string): Promise<void> {
  const hashed = entries.flatMap((e) => (typeof e !== 'string' && !e.revision ? [new URL(e.url, base).href] : []))
  // An update fetches only what the precache does not hold yet.
  const missing: string[] = []
  for (const url of hashed) if (!(await caches.match(url))) missing.push(url)
  let next = 0
  const fetchInTurn = async () => {
    for (let url = missing[next++]; url !== undefined; url = missing[next++]) {
      // Read to the end, or the HTTP cache keeps nothing; a failure is Workbox's to report.
      await fetch(url, { credentials: 'same-origin' })
        .then((res) => res.arrayBuffer())
        .catch(() => undefined)
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, fetchInTurn))
}
