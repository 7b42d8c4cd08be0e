import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { exitOf, freePort, startServer, untilReady } from './server-process.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-shutdown-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('the server process', () => {
  it('turns ready, and on SIGTERM finishes, checkpoints the database and exits 0', async () => {
    const port = await freePort()
    const child = startServer(port, dataDir)
    const base = `http://127.0.0.1:${port}`
    expect(await (await untilReady(base, child)).json()).toEqual({ status: 'ready' })
    const exited = exitOf(child)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    const wal = path.join(dataDir, 'workbench.db-wal')
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0)
  }, 60_000)
})
