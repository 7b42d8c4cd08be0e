// `npm start`: install, build, then migrate, seed and serve on http://localhost:3000.
import { buildWeb, install, pnpm, run } from './bootstrap.mjs'

install()
buildWeb()
run(`${pnpm} --filter @mw/api start`)
