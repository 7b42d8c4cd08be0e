// `npm test`: lint and format check, type check (test files included), every test (unit, API,
// browser end-to-end), then the bundle budget, the service worker's freedom from UI code, and the
// supply chain (no secret committed, no high or critical advisory in production dependencies).
import { buildWeb, ensureChromium, ensurePostgres, install, pnpm, run } from './bootstrap.mjs'

install()
ensureChromium()
ensurePostgres()
buildWeb()
try {
  run(`${pnpm} exec biome check .`)
  run(`${pnpm} run typecheck`)
  run(`${pnpm} exec vitest run`)
  run('node scripts/check-bundle.mjs')
  run('node scripts/check-sw-bundle.mjs')
  run('node scripts/check-supply-chain.mjs')
} catch {
  process.exit(1)
}
