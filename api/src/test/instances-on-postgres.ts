import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { exitOf, freePort, startServer, untilReady } from './server-process.ts'
import { newPostgresDatabase } from './test-database.ts'

/** Server processes, one per name, on one new PostgreSQL database of the test cluster; `stop` kills them all. */
export async function startInstancesOnPostgres(names: string[], env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-instances-'))
  const url = await newPostgresDatabase()
  const bases: string[] = []
  const children: ReturnType<typeof startServer>[] = []
  for (const name of names) {
    const port = await freePort()
    const child = startServer(port, dataDir, { DATABASE_URL: url, INSTANCE_ID: name, ...env })
    children.push(child)
    await untilReady(`http://127.0.0.1:${port}`, child)
    bases.push(`http://127.0.0.1:${port}`)
  }
  const stop = async () => {
    for (const child of children) {
      const exited = exitOf(child)
      child.kill('SIGKILL')
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return { bases, stop }
}
