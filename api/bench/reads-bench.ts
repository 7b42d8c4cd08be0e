/**
 * `npm run bench:reads` (`-- --postgres` for PostgreSQL in a throwaway cluster): authenticated
 * `GET /api/t/demo/cases` as the technician (their 200 newest cases, the default page) per
 * second and its p99, with 50 connections (autocannon) for 10 s, against the compiled server, and
 * in the same run the baseline: bare Hono running the same SELECT on the same data
 * (bare-reads-server.ts). On PostgreSQL also bare Hono with its SELECT prepared (the product
 * prepares the reads it compiles once; the ratios stay to the unnamed bare, raw `pg` as it comes),
 * and three instances, each given a third of the connections (as a load balancer spreads them). The product also as a browser asks (a compressed
 * answer; bare Hono compresses nothing, so that row's ratio to bare says little). Medians of 3
 * rounds. Beside each rate, the servers' own CPU time per request (read from /proc), which moves
 * less than req/s when other work shares the cores. Budgets are off (RATE_LIMITS=off): one user at this rate is far over them.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { openDatabase } from '../src/db/database.ts'
import { findUserByEmail } from '../src/db/queries/users.ts'
import { freePort, untilReady } from '../src/test/server-process.ts'
import { benchLocation, median } from './bench-db.ts'

const API = path.resolve(import.meta.dirname, '..')
const ROUNDS = 3
const SECONDS = 10
const CONNECTIONS = 50
const CASES = Number(process.env.BENCH_CASES ?? 200)
const postgres = process.argv.includes('--postgres')
const children: ChildProcess[] = []

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-reads-'))
const { location, stop } = await benchLocation(dataDir, postgres)
const { db } = openDatabase(location)
const techId = (await findUserByEmail(db, 'tech@demo.local'))?.id ?? ''
await db.destroy()

interface Server {
  base: string
  server: ChildProcess
}

async function start(args: string[], env: Record<string, string>): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, args, {
    cwd: API,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', ...env },
    stdio: 'ignore',
  })
  children.push(child)
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/cases`).then(
        () => true,
        () => false,
      )
    )
      return { base, server: child }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${args.join(' ')} never answered`)
}

execFileSync(process.execPath, ['scripts/build-api.mjs'], { cwd: path.join(API, '..') })
const serverEnv = (name: string) => ({
  DATA_DIR: dataDir,
  RATE_LIMITS: 'off',
  INSTANCE_ID: name,
  ...(postgres ? { DATABASE_URL: location } : {}),
})
const productServer = await start(['dist/server.js'], serverEnv('one'))
const product = productServer.base
await untilReady(product, productServer.server)
const login = await fetch(`${product}/api/login/local`, {
  method: 'POST',
  body: new URLSearchParams({ email: 'tech@demo.local' }),
  redirect: 'manual',
})
const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
for (let i = 0; i < CASES; i++) {
  await fetch(`${product}/api/t/demo/cases`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: `Bench case ${i}`, expert: 'furuno', description: 'Impeller worn, replaced.' }),
  })
}
const bareServer = await start(['--import', 'tsx', 'bench/bare-reads-server.ts'], {
  BARE_DB: location,
  BARE_USER: techId,
})
const bare = bareServer.base
// On PostgreSQL also bare Hono with its SELECT prepared, as the product prepares its reads.
const barePrepared = postgres
  ? await start(['--import', 'tsx', 'bench/bare-reads-server.ts'], {
      BARE_DB: location,
      BARE_USER: techId,
      BARE_PREPARED: '1',
    })
  : null
// Both must answer the same rows, or the comparison says nothing.
const rowCounts = await Promise.all(
  [`${product}/api/t/demo/cases`, `${bare}/cases`].map(
    async (url) => ((await (await fetch(url, { headers: { cookie } })).json()) as unknown[]).length,
  ),
)
console.log(`Rows in an answer: product ${rowCounts[0]}, bare ${rowCounts[1]}`)

interface Figure {
  perSecond: number
  p99: number
  /** The servers' own CPU time (user + system) per request, in µs: steadier than req/s on a shared machine. */
  cpuPerRequest: number
}

/** CPU time a process has used, in µs (Linux: /proc/<pid>/stat counts clock ticks of 10 ms); NaN elsewhere. */
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return Number.NaN
  }
}

/** What a browser or the installed app sends: every real client takes a compressed answer. */
const AS_A_BROWSER = { 'accept-encoding': 'gzip, deflate, br' }

async function load(
  targets: { url: string; connections: number; server: ChildProcess }[],
  headers: Record<string, string> = {},
): Promise<Figure> {
  const cpuBefore = targets.map((t) => cpuMicros(t.server.pid))
  const results = await Promise.all(
    targets.map(({ url, connections }) =>
      autocannon({ url, connections, duration: SECONDS, headers: { cookie, ...headers } }),
    ),
  )
  const cpu = targets.reduce((sum, t, i) => sum + cpuMicros(t.server.pid) - (cpuBefore[i] ?? 0), 0)
  for (const r of results) if (r.non2xx > 0) throw new Error(`${r.non2xx} answers were not 2xx`)
  return {
    perSecond: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    cpuPerRequest: cpu / results.reduce((sum, r) => sum + r.requests.total, 0),
  }
}

const runs: Record<string, Figure[]> = {}
const record = (name: string, figure: Figure) => {
  runs[name] = [...(runs[name] ?? []), figure]
}
const extra: Server[] = []
if (postgres) {
  extra.push(await start(['dist/server.js'], serverEnv('two')), await start(['dist/server.js'], serverEnv('three')))
}
for (let round = 0; round < ROUNDS; round++) {
  record(
    'product, 1 instance',
    await load([{ url: `${product}/api/t/demo/cases`, connections: CONNECTIONS, server: productServer.server }]),
  )
  record(
    'product, as a browser',
    await load(
      [{ url: `${product}/api/t/demo/cases`, connections: CONNECTIONS, server: productServer.server }],
      AS_A_BROWSER,
    ),
  )
  record(
    'bare Hono, same SELECT',
    await load([{ url: `${bare}/cases`, connections: CONNECTIONS, server: bareServer.server }]),
  )
  if (barePrepared) {
    record(
      'bare Hono, prepared',
      await load([{ url: `${barePrepared.base}/cases`, connections: CONNECTIONS, server: barePrepared.server }]),
    )
  }
  if (postgres) {
    const three = [productServer, ...extra].map(({ base, server }, i) => ({
      url: `${base}/api/t/demo/cases`,
      server,
      connections: Math.round(CONNECTIONS / 3) + (i === 0 ? CONNECTIONS % 3 : 0),
    }))
    record('product, 3 instances', await load(three))
  }
}

console.log(
  `Database: ${postgres ? 'PostgreSQL' : 'SQLite'}; ${CONNECTIONS} connections, ${SECONDS} s, median of ${ROUNDS}`,
)
const bareFigures = runs['bare Hono, same SELECT'] ?? []
const bareRate = median(bareFigures.map((f) => f.perSecond))
const bareCpu = median(bareFigures.map((f) => f.cpuPerRequest))
for (const [name, figures] of Object.entries(runs)) {
  const perSecond = median(figures.map((f) => f.perSecond))
  const p99 = median(figures.map((f) => f.p99))
  const cpu = median(figures.map((f) => f.cpuPerRequest))
  console.log(
    `${name.padEnd(24)} ${perSecond.toFixed(0).padStart(6)} req/s  p99 ${p99.toFixed(1).padStart(5)} ms  ${(perSecond / bareRate).toFixed(2)}x of bare` +
      `  server CPU ${cpu.toFixed(0).padStart(4)} µs/request (bare's is ${(bareCpu / cpu).toFixed(2)} of it)`,
  )
}
for (const child of children) child.kill('SIGKILL')
stop()
fs.rmSync(dataDir, { recursive: true, force: true })
