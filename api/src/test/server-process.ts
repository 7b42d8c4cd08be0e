import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../../..')

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

/** Compiles the server as `npm start` does (api/dist). */
export const compileServer = () => execFileSync(process.execPath, ['scripts/build-api.mjs'], { cwd: ROOT })

/**
 * The real server in a child process over `dataDir`: from source through tsx, or `compiled`
 * (api/dist/server.js, as `npm start` runs it; `compileServer()` first).
 */
export function startServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  { compiled = false } = {},
): ChildProcess {
  const entry = compiled ? ['api/dist/server.js'] : ['--import', 'tsx', 'api/src/index.ts']
  return spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      WEB_DIST: '/nonexistent',
      ...extraEnv,
    },
    stdio: 'ignore',
  })
}

export async function untilReady(base: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`)
    const res = await fetch(`${base}/readyz`).catch(() => null)
    if (res?.status === 200) return res
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server never became ready')
}

export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
