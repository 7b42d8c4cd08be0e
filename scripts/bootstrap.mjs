// Shared by `npm start` and `npm test`: install what is missing and build the web app, using
// nothing but the Node.js and npm that the machine already has (pnpm comes through npx).
import { execSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const run = (command, env = {}) => execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })

const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Marine Workbench needs Node.js 22.12 or newer; this is ${process.version}.`)
  process.exit(1)
}

export const pnpm = 'npx --yes pnpm@10.34.9'

export function install() {
  run(`${pnpm} install --frozen-lockfile --prefer-offline`, { COREPACK_INTEGRITY_KEYS: '0' })
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

/** Builds web/dist unless it is newer than every source it is built from. */
export function buildWeb() {
  const built = path.join(root, 'web/dist/index.html')
  const sources = [
    'web/src',
    'web/public',
    'web/scripts',
    'web/index.html',
    'web/landing.html',
    'web/vite.config.ts',
    'sync-protocol/src',
  ]
    .map((p) => path.join(root, p))
    .filter(existsSync)
  const newestSource = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  )
  if (existsSync(built) && statSync(built).mtimeMs > newestSource) return
  run(`${pnpm} --filter @mw/web build`)
}

/** Compiles the server to api/dist (a second or two: always, so it never runs stale code). */
export function buildApi() {
  run(`"${process.execPath}" scripts/build-api.mjs`)
}

export { root, run }

/** The API suites run on PostgreSQL too, in a cluster the tests start with the installed initdb/pg_ctl. */
export function ensurePostgres() {
  const bindir = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  if (bindir.status === 0 && existsSync(`${bindir.stdout.trim()}/initdb`)) return
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (!canInstall) {
    console.error("The API tests on PostgreSQL need it installed (initdb, pg_ctl): install Debian's postgresql.")
    process.exit(1)
  }
  console.log('Installing Debian postgresql for the API tests on PostgreSQL...')
  run('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql')
}

/**
 * The browser tests drive Debian's Chromium (Playwright's own download cannot work offline).
 * Installs it when missing and the machine allows (root with apt-get); otherwise says what to do.
 */
export function ensureChromium() {
  const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(browser)) return
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (!canInstall) {
    console.error(`The browser tests need Chromium at ${browser}: install Debian's chromium or set CHROMIUM_PATH.`)
    process.exit(1)
  }
  console.log('Installing Debian chromium for the browser tests...')
  run('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium')
}
