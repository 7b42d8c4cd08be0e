/**
 * Test-only bridge to several real server processes on one PostgreSQL database (a throwaway
 * cluster) behind a round-robin proxy: what a service company runs when it outgrows one box.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../../../api/src/db/database.ts'
import { createPostgresDatabase } from '../../../../api/src/db/queries/copy.ts'
import { findUserByEmail } from '../../../../api/src/db/queries/users.ts'
import { startCluster } from '../../../../api/src/test/postgres-cluster.ts'
import { startRoundRobinProxy } from '../../../../api/src/test/round-robin-proxy.ts'
import { exitOf, freePort, startServer, untilReady } from '../../../../api/src/test/server-process.ts'
import type { Handler } from './server-harness.ts'

export async function startInstances(count: number, extraEnv: Record<string, string> = {}) {
  const cluster = await startCluster()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-instances-'))
  const instances: { port: number; child: ReturnType<typeof startServer> }[] = []
  try {
    return await serveInstances(cluster, dataDir, instances, count, extraEnv)
  } catch (error) {
    // An instance that never became ready must not leave the cluster or the others running.
    for (const { child } of instances) child.kill('SIGKILL')
    cluster.stop()
    throw error
  }
}

async function serveInstances(
  cluster: Awaited<ReturnType<typeof startCluster>>,
  dataDir: string,
  instances: { port: number; child: ReturnType<typeof startServer> }[],
  count: number,
  extraEnv: Record<string, string>,
) {
  const admin = openDatabase(`${cluster.baseUrl}postgres`).db
  await createPostgresDatabase(admin, 'workbench')
  await admin.destroy()
  const url = `${cluster.baseUrl}workbench`
  // All at once, as an orchestrator starts them: one migrates and seeds, the others wait for it.
  for (let i = 0; i < count; i++) {
    const port = await freePort()
    instances.push({
      port,
      child: startServer(port, dataDir, { DATABASE_URL: url, INSTANCE_ID: `instance-${i}`, ...extraEnv }),
    })
  }
  await Promise.all(instances.map(({ port, child }) => untilReady(`http://127.0.0.1:${port}`, child)))
  const proxy = await startRoundRobinProxy(instances.map((i) => i.port))
  const db = openDatabase(url).db

  const handle: Handler = async (request) => {
    const target = new URL(request.url)
    return fetch(`${proxy.url}${target.pathname}${target.search}`, {
      method: request.method,
      headers: request.headers,
      body: request.body ? await request.arrayBuffer() : undefined,
      redirect: 'manual',
    })
  }

  return {
    db,
    url: proxy.url,
    handle,
    async signIn(email: string): Promise<string> {
      const res = await fetch(`${proxy.url}/api/login/local`, {
        method: 'POST',
        body: new URLSearchParams({ email }),
        redirect: 'manual',
      })
      const cookie = res.headers.get('set-cookie')?.split(';')[0]
      if (res.status !== 303 || !cookie) throw new Error(`sign-in as ${email} failed: ${res.status}`)
      return cookie
    },
    async userId(email: string): Promise<string> {
      const row = await findUserByEmail(db, email)
      if (!row) throw new Error(`no user ${email}`)
      return row.id
    },
    /** How many instances still run. */
    alive: () => instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null).length,
    /** Kills instance `i` at once (SIGKILL: no graceful shutdown), as a crash or a lost machine would. */
    async kill(i: number) {
      const instance = instances[i]
      if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return
      const exited = exitOf(instance.child)
      instance.child.kill('SIGKILL')
      await exited
    },
    async stop() {
      for (let i = 0; i < instances.length; i++) await this.kill(i)
      await proxy.close()
      await db.destroy()
      cluster.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
