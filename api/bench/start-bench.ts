/**
 * `npm run bench:start`: how long the server takes from launch to ready (`GET /readyz` 200) on an
 * already migrated and seeded database, compiled (`node api/dist/server.js`, what `npm start`
 * runs) beside the same source through the tsx loader (how production ran before), in the same
 * run; medians of 5 after one warm-up start each. Needs `node scripts/build-api.mjs` first.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { median } from './bench-db.ts'

const API = path.resolve(import.meta.dirname, '..')
const RUNS = 5
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-start-'))
const modes = {
  compiled: [path.join(API, 'dist/server.js')],
  'source through tsx': ['--import', 'tsx', path.join(API, 'src/index.ts')],
}

async function startOnce(args: string[], port: number): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd: API,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error' },
    stdio: 'ignore',
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
      if (ready) return performance.now() - started
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
}

try {
  console.log(`Start to ready, ${os.cpus().length} cores, Node ${process.version} (medians of ${RUNS}):`)
  for (const [mode, args] of Object.entries(modes)) {
    await startOnce(args, 3900)
    const times: number[] = []
    for (let run = 0; run < RUNS; run++) times.push(await startOnce(args, 3900))
    console.log(`  ${mode}: ${median(times).toFixed(0)} ms`)
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
