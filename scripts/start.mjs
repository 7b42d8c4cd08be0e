// `npm start`: install, build the app and compile the server, then migrate, seed and serve on http://localhost:3000.
import { buildApi, buildWeb, install, pnpm, run } from './bootstrap.mjs'

install()
buildWeb()
buildApi()
run(`${pnpm} --filter @mw/api start`)
