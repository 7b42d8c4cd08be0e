/**
 * `npm run bench:push` (`-- --postgres` for PostgreSQL in a throwaway cluster): pushed mutations
 * per second against the compiled server (api/dist/server.js, budgets off). DEVICES devices push
 * at once, each with a session of its own (the demo tenant's three users in turn) and a new device
 * id, each draining BATCHES batches of 50 `case.create` in seq order (push-kit.ts). On PostgreSQL
 * also three instances, each request to the next one in turn. The baseline in the same run: the
 * same rows (each mutation's case and its change-log row) written straight through better-sqlite3
 * or `pg`, a transaction per batch, the same devices at once. After every round each device sends
 * its last batch again (all must answer duplicate) and the database is counted: a mutation lost or
 * applied twice stops the bench. Medians of 3 rounds of mutations/s and of each round's p99 batch.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Db, openDatabase } from '../src/db/database.ts'
import { findUserByEmail } from '../src/db/queries/users.ts'
import { compileServer, exitOf, freePort, startServer, untilReady } from '../src/test/server-process.ts'
import { benchLocation, median, percentile } from './bench-db.ts'
import { expectExactlyOnce } from './push-counts.ts'
import {
  BATCH,
  type Device,
  newDevice,
  pushAll,
  type Round,
  rawAll,
  rawPostgres,
  rawSqlite,
  replayLastBatches,
  signIn,
} from './push-kit.ts'

const ROUNDS = 3
const DEVICES = Number(process.env.BENCH_DEVICES ?? 20)
const BATCHES = Number(process.env.BENCH_BATCHES ?? 5)
const USERS = ['tech@demo.local', 'manager@demo.local', 'admin@demo.local']
const postgres = process.argv.includes('--postgres')

const loadBefore = os.loadavg()
compileServer()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-push-'))
const { location, stop } = await benchLocation(dataDir, postgres)
const servers: ReturnType<typeof startServer>[] = []
let db: Db | undefined
let failed = false

try {
  const bases: string[] = []
  for (const name of postgres ? ['one', 'two', 'three'] : ['one']) {
    const port = await freePort()
    const env = { RATE_LIMITS: 'off', INSTANCE_ID: name, ...(postgres ? { DATABASE_URL: location } : {}) }
    const server = startServer(port, dataDir, env, { compiled: true })
    servers.push(server)
    await untilReady(`http://127.0.0.1:${port}`, server)
    bases.push(`http://127.0.0.1:${port}`)
  }
  db = openDatabase(location).db
  const creator = (await findUserByEmail(db, 'tech@demo.local'))?.id ?? ''
  const cookies: string[] = []
  for (let i = 0; i < DEVICES; i++) cookies.push(await signIn(bases[0] as string, USERS[i % USERS.length] as string))
  const devices = (prefix: string) => cookies.map((cookie, i) => newDevice(cookie, prefix, i, BATCHES))
  const raw = postgres ? rawPostgres(location, DEVICES) : rawSqlite(location)

  const runs: Record<string, Round[]> = {}
  const record = (name: string, round: Round) => {
    runs[name] = [...(runs[name] ?? []), round]
  }
  const synced = async (name: string, prefix: string, targets: string[]) => {
    const queue: Device[] = devices(prefix)
    record(name, await pushAll(targets, queue))
    await replayLastBatches(bases, queue)
    await expectExactlyOnce(db as Db, prefix, queue, true)
  }
  for (let round = 1; round <= ROUNDS; round++) {
    await synced('product, 1 instance', `push1-r${round}`, bases.slice(0, 1))
    if (postgres) await synced('product, 3 instances', `push3-r${round}`, bases)
    const queue = devices(`raw-r${round}`)
    record(`raw ${postgres ? '`pg`' : 'better-sqlite3'} inserts`, await rawAll(raw, queue, creator))
    await expectExactlyOnce(db, `raw-r${round}`, queue, false)
  }
  await raw.close()

  const perRound = DEVICES * BATCHES * BATCH
  console.log(
    `Database: ${postgres ? 'PostgreSQL' : 'SQLite'}; ${DEVICES} devices at once, ${BATCHES} batches of ${BATCH} each ` +
      `(${perRound.toLocaleString('en')} mutations a round), median of ${ROUNDS} rounds; every round counted: each mutation applied once`,
  )
  const rate = (rounds: Round[]) => median(rounds.map((r) => perRound / r.seconds))
  const rawRate = rate(Object.entries(runs).find(([name]) => name.startsWith('raw'))?.[1] ?? [])
  for (const [name, rounds] of Object.entries(runs)) {
    const p99 = median(rounds.map((r) => percentile(r.batchMs, 99)))
    const p50 = median(rounds.map((r) => percentile(r.batchMs, 50)))
    console.log(
      `${name.padEnd(24)} ${rate(rounds).toFixed(0).padStart(6)} mutations/s  batch p50 ${p50.toFixed(0).padStart(5)} ms` +
        `  p99 ${p99.toFixed(0).padStart(5)} ms  raw is ${(rawRate / rate(rounds)).toFixed(1)}x` +
        `  (rounds: ${rounds.map((r) => (perRound / r.seconds).toFixed(0)).join(', ')})`,
    )
  }
} catch (error) {
  failed = true
  console.error(error)
} finally {
  await db?.destroy()
  for (const server of servers) {
    const exited = exitOf(server)
    server.kill('SIGKILL')
    await exited
  }
  stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
const load = (avg: number[]) => avg.map((l) => l.toFixed(2)).join(' ')
console.log(`Load average before ${load(loadBefore)}, after ${load(os.loadavg())} (${os.cpus().length} cores)`)
if (failed) process.exit(1)
