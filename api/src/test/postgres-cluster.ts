import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: `initdb` and `pg_ctl` from the
 * installed PostgreSQL (found with `pg_config --bindir`), in a temporary folder, on a free port,
 * durability off (nothing here outlives the run). As root the tools run as the postgres user.
 */
export interface Cluster {
  /** postgres://postgres@127.0.0.1:port/ — append a database name. */
  baseUrl: string
  stop(): void
}

function binDir(): string {
  const result = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  if (result.status !== 0) {
    throw new Error('PostgreSQL is not installed (pg_config not found): install the postgresql package.')
  }
  return result.stdout.trim()
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export async function startCluster(): Promise<Cluster> {
  const bin = binDir()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-pg-'))
  const data = path.join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) fs.chownSync(dir, ...postgresIds())
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe' })
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'])
  const port = await freePort()
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=400',
  ].join(' ')
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])
  return {
    baseUrl: `postgres://postgres@127.0.0.1:${port}/`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

function postgresIds(): [number, number] {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'))
  if (!line) throw new Error('There is no postgres user to run the test cluster as.')
  const [, , uid, gid] = line.split(':')
  return [Number(uid), Number(gid)]
}
