/**
 * Starts the real server (`api/src/index.ts` through tsx) on a free loopback port with a fresh
 * temporary DATA_DIR, so it migrates and seeds from scratch. Shared by the e2e global setup and
 * scripts/screenshots.mjs.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

export interface RunningServer {
  baseUrl: string
  stop: () => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`)
    try {
      const res = await fetch(`${baseUrl}/api/auth/user`)
      if (res.status === 401 || res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`The server did not answer within 60 s:\n${output()}`)
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mw-e2e-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitUntilUp(baseUrl, child, () => log)
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { baseUrl, stop }
}
