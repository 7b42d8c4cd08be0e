/**
 * Part of `npm run bench:wire`: the bytes a device downloads when an app update changes one screen.
 * The app is built twice into temporary folders, as it is and with one sentence of the Cases
 * screen changed; the service worker's precache downloads only entries whose URL or revision
 * changed (hashed files carry their hash in the name), plus the new `sw.js`. Beside it, in the
 * same run, the baseline: the whole install downloaded again (what a cache that is not per file
 * would cost). Sizes as served to a browser: brotli 11 above 1 KB, as scripts/precompress.mjs.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { build, type Plugin } from 'vite'

const WEB = path.resolve(import.meta.dirname, '..')
const SCREEN = 'features/cases/components/cases-page.tsx'
const SENTENCE = 'Service cases of this tenant, newest first.'

/** Changes one sentence of one screen, as a small fix to that screen would. */
const oneScreenChange: Plugin = {
  name: 'one-screen-change',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith(SCREEN)) return null
    if (!code.includes(SENTENCE)) throw new Error(`${SCREEN} no longer says "${SENTENCE}": pick another sentence.`)
    return code.replace(SENTENCE, 'Service cases of this workspace, newest first.')
  },
}

async function buildInto(plugins: Plugin[]) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-update-'))
  await build({ root: WEB, logLevel: 'silent', plugins, build: { outDir, emptyOutDir: true } })
  return outDir
}

interface Entry {
  url: string
  revision: string | null
}

function precacheOf(dist: string): Entry[] {
  const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8')
  return [...sw.matchAll(/\{"revision":(null|"[^"]*"),"url":"([^"]+)"\}/g)].map((m) => ({
    revision: m[1] === 'null' ? null : JSON.parse(m[1] as string),
    url: m[2] as string,
  }))
}

const served = (dist: string, file: string) => {
  const bytes = fs.readFileSync(path.join(dist, file))
  if (bytes.length < 1024) return bytes.length
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
}

const before = await buildInto([])
const after = await buildInto([oneScreenChange])
try {
  const old = new Set(precacheOf(before).map((e) => `${e.url} ${e.revision}`))
  const entries = precacheOf(after)
  if (entries.length === 0) throw new Error('No precache manifest found in sw.js.')
  const changed = entries.filter((e) => !old.has(`${e.url} ${e.revision}`))
  const update = served(after, 'sw.js') + changed.reduce((n, e) => n + served(after, e.url), 0)
  const whole = served(after, 'sw.js') + entries.reduce((n, e) => n + served(after, e.url), 0)
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
  console.log(
    `One-screen update: ${kib(update)} (sw.js + ${changed.length} of ${entries.length} precached files: ${changed.map((e) => e.url).join(', ')}); baseline, the whole install again: ${kib(whole)}`,
  )
} finally {
  fs.rmSync(before, { recursive: true, force: true })
  fs.rmSync(after, { recursive: true, force: true })
}
