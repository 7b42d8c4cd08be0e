// The bundle budget: the JavaScript a signed-in user downloads before Home shows, as
// gzip, must stay <= 170 kB. Reads Vite's build manifest in web/dist, so it measures exactly what
// the built index.html loads: the entry, its static imports, and the lazy Home route chunk with its
// static imports. Chunks loaded on first use (dialogs, other routes) are not counted. Exits 1 over
// budget, or when the Home chunk cannot be found (so a rename never silently shrinks the figure).
// `--json` prints the figures.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export const BUDGET_BYTES = 170 * 1024
const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../web/dist'))
const manifestFile = path.join(dist, '.vite/manifest.json')
// The Home route's lazy chunk, by its source path in the manifest (see web/src/app/router.tsx).
const HOME_ROUTE = /^src\/features\/home\/components\/home-page\.tsx$/

if (!existsSync(manifestFile)) {
  console.error('web/dist/.vite/manifest.json is missing: build the web app first (npm run build).')
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))

/** Adds a chunk and everything it imports statically (what the browser fetches before running it). */
function collect(key, into) {
  const chunk = manifest[key]
  if (!chunk || into.has(key)) return
  into.set(key, chunk)
  for (const imported of chunk.imports ?? []) collect(imported, into)
}

const chunks = new Map()
// The app's entry only: landing.html is the signed-out first visit, not the signed-in Home.
const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry && key === 'index.html')
for (const key of entries) collect(key, chunks)
const homeChunk = Object.keys(manifest).find((key) => manifest[key].isDynamicEntry && HOME_ROUTE.test(key))
if (!homeChunk) {
  console.error(
    `No lazy chunk matches ${HOME_ROUTE} in the build manifest: update HOME_ROUTE in ${import.meta.filename}.`,
  )
  process.exit(1)
}
collect(homeChunk, chunks)

const rows = [...chunks.values()]
  .filter((chunk) => chunk.file.endsWith('.js'))
  .map((chunk) => {
    const bytes = readFileSync(path.join(dist, chunk.file))
    return {
      file: chunk.file,
      source: chunk.src ?? chunk.name ?? '',
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    }
  })
  .sort((a, b) => b.gzip - a.gzip)
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 })
const kB = (n) => `${(n / 1024).toFixed(1)} kB`

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ budget: BUDGET_BYTES, total, rows }, null, 2))
} else {
  console.log('First-load JS of the signed-in Home (gzip -9):')
  for (const row of rows)
    console.log(`  ${kB(row.gzip).padStart(9)}  ${kB(row.raw).padStart(9)} raw  ${row.file}  ${row.source}`)
  console.log(`  ${kB(total.gzip).padStart(9)}  ${kB(total.raw).padStart(9)} raw  total; budget ${kB(BUDGET_BYTES)}`)
}
if (total.gzip > BUDGET_BYTES) {
  console.error(`Over the bundle budget by ${kB(total.gzip - BUDGET_BYTES)}: split a route or drop a dependency.`)
  process.exit(1)
}
