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
  // The browser journeys run after the rest, not beside it: on two cores the API suites on
  // PostgreSQL beside Chromium made their 30 s waits tight.
  run(`${pnpm} exec vitest run --project sync-protocol --project api --project api-pg --project web`)
  run(`${pnpm} exec vitest run --project e2e`)
  run('node scripts/check-bundle.mjs')
  run('node scripts/check-sw-bundle.mjs')
  run('node scripts/check-supply-chain.mjs')
} catch {
  process.exit(1)
}
