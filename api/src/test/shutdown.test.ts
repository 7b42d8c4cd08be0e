import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-shutdown-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

async function untilReady(base: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`)
    const res = await fetch(`${base}/readyz`).catch(() => null)
    if (res?.status === 200) return res
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server never became ready')
}

describe('the server process', () => {
  it('turns ready, and on SIGTERM finishes, checkpoints the database and exits 0', async () => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/index.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', WEB_DIST: '/nonexistent' },
      stdio: 'ignore',
    })
    const base = `http://127.0.0.1:${port}`
    expect(await (await untilReady(base, child)).json()).toEqual({ status: 'ready' })
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    const wal = path.join(dataDir, 'workbench.db-wal')
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0)
  }, 60_000)
})
