import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { compileServer, exitOf, freePort, startServer, untilReady } from './server-process.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-shutdown-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('the server process', () => {
  it('compiled as npm start runs it: turns ready with the starter manuals parsed, and on SIGTERM finishes, checkpoints the database and exits 0', async () => {
    compileServer()
    const port = await freePort()
    const child = startServer(port, dataDir, {}, { compiled: true })
    const base = `http://127.0.0.1:${port}`
    expect(await (await untilReady(base, child)).json()).toEqual({ status: 'ready' })
    const exited = exitOf(child)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    const wal = path.join(dataDir, 'workbench.db-wal')
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0)
    // The compiled parsing thread read the starter packs: every manual ready, none failed.
    const db = new Database(path.join(dataDir, 'workbench.db'), { readonly: true })
    const states = db.prepare('SELECT status, count(*) AS n FROM kb_documents GROUP BY status').all()
    db.close()
    expect(states).toEqual([{ status: 'ready', n: expect.any(Number) }])
  }, 60_000)
})
