// `npm test`: every test (unit, API, browser end-to-end), then the bundle budget.
import { buildWeb, install, pnpm, run } from './bootstrap.mjs'

install()
buildWeb()
try {
  run(`${pnpm} exec vitest run`)
  run('node scripts/check-bundle.mjs')
} catch {
  process.exit(1)
}
