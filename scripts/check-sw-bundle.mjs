// The service worker only drains the outbox and serves the precached app: it must not carry the
// UI. Checked twice: the module graph from web/src/sw.ts (bundled by esbuild, nothing written)
// holds no UI library, store or feature module, and the built web/dist/sw.js holds no React.
// Its precache must hold the app shell and every route (the app opens offline) except the files
// web/precache-exclusions.json keeps on first use (pdfjs, reports, admin, the offline answerer),
// and none of those.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const web = path.resolve(import.meta.dirname, '../web')
const UI_MODULES =
  /(node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|react-router|react-router-dom|zustand|dexie-react-hooks)\/)|(^src\/(features|components|app)\/)|(^src\/sync\/sync-store\.ts$)/
const REACT_MARKERS = ['react.transitional.element', 'react.element', 'react.fragment']

const result = await build({
  absWorkingDir: web,
  entryPoints: ['src/sw.ts'],
  bundle: true,
  write: false,
  metafile: true,
  format: 'esm',
  platform: 'browser',
  logLevel: 'silent',
})
const inputs = Object.keys(result.metafile.inputs)
const problems = inputs.filter((input) => UI_MODULES.test(input)).map((input) => `imports ${input}`)

const built = path.join(web, 'dist/sw.js')
if (!existsSync(built)) problems.push('web/dist/sw.js is missing: build the web app first (npm run build).')
else {
  const text = readFileSync(built, 'utf8')
  for (const marker of REACT_MARKERS) if (text.includes(marker)) problems.push(`web/dist/sw.js contains "${marker}"`)
  const precached = new Set([...text.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]))
  const manifest = JSON.parse(readFileSync(path.join(web, 'dist/.vite/manifest.json'), 'utf8'))
  const { globs } = JSON.parse(readFileSync(path.join(web, 'precache-exclusions.json'), 'utf8'))
  const keptOnFirstUse = (file) => globs.some((glob) => path.matchesGlob(file, glob))
  const routes = Object.values(manifest).filter((c) => c.isDynamicEntry && !keptOnFirstUse(c.file))
  for (const needed of ['index.html', ...routes.map((c) => c.file)]) {
    if (!precached.has(needed)) problems.push(`the precache lacks ${needed}, so it would not open offline`)
  }
  // A precached chunk opens offline only if every chunk it imports statically is precached too
  // (a pattern meant for pdfjs, pdf-*.js, once also caught the chat's own pdf-page chunk).
  for (const chunk of Object.values(manifest).filter((c) => precached.has(c.file))) {
    for (const imported of (chunk.imports ?? []).map((key) => manifest[key].file)) {
      if (!precached.has(imported))
        problems.push(
          `the precache holds ${chunk.file} but not ${imported}, which it imports, so it would not open offline`,
        )
    }
  }
  for (const url of precached)
    if (keptOnFirstUse(url)) problems.push(`the precache holds ${url}, which is kept on first use`)
  if (problems.length === 0)
    console.log(
      `Precache: ${precached.size} files, every route but those kept on first use (${globs.length} patterns).`,
    )
}

if (problems.length > 0) {
  console.error(`The service worker carries UI code:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log(`Service worker: ${inputs.length} modules, no UI library, store or feature.`)
