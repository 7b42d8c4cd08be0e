/**
 * npm run bench:sync — the sync path beside the raw writes it is built on, in one process:
 * a pull of 10,000 rows into IndexedDB (fake-indexeddb) against raw Dexie bulkPut of the same
 * rows, and a drain of 1,000 queued mutations through the real server against raw inserts of the
 * same cases. Prints medians and, with --write, records them in BENCHMARKS.md. With --postgres
 * the server runs on PostgreSQL (a throwaway cluster) and the raw inserts go to it.
 */
import 'fake-indexeddb/auto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Case } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { type Db, openDatabase } from '../../api/src/db/database.ts'
import { migrateToLatest } from '../../api/src/db/migrate.ts'
import { recordChange } from '../../api/src/db/queries/change-log.ts'
import { createPostgresDatabase } from '../../api/src/db/queries/copy.ts'
import { seedIfEmpty } from '../../api/src/seed/seed.ts'
import { startCluster } from '../../api/src/test/postgres-cluster.ts'
import { createTestApp } from '../../api/src/test/test-app.ts'
import { LocalDb } from '../src/db/local-db.ts'
import { createCase } from '../src/features/cases/actions.ts'
import { drainAll } from '../src/sync/drainer.ts'
import { pullAll } from '../src/sync/pull.ts'
import { fetchAs } from '../src/sync/test/server-harness.ts'

const RUNS = 5
const PULL_ROWS = 10_000
const DRAIN_MUTATIONS = 1_000

const postgres = process.argv.includes('--postgres')
const cluster = postgres ? await startCluster() : null
const opened: Db[] = []
let databases = 0
if (cluster) {
  const admin = openDatabase(`${cluster.baseUrl}postgres`).db
  await createPostgresDatabase(admin, 'template_bench')
  await admin.destroy()
  const template = openDatabase(`${cluster.baseUrl}template_bench`).db
  await migrateToLatest(template)
  await seedIfEmpty(template)
  await template.destroy()
}

/** The real app over a fresh, seeded database: SQLite in memory, or a copy of the PostgreSQL template. */
async function freshApp() {
  if (!cluster) return createTestApp()
  const admin = openDatabase(`${cluster.baseUrl}postgres`).db
  const name = `bench_${databases++}`
  await createPostgresDatabase(admin, name, 'template_bench')
  await admin.destroy()
  const { db } = openDatabase(`${cluster.baseUrl}${name}`)
  opened.push(db)
  return createTestApp({ db })
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number
async function time(fn: () => Promise<unknown>) {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

async function seedCases(t: Awaited<ReturnType<typeof createTestApp>>, count: number) {
  const creator = await t.userId('manager@demo.local')
  const at = new Date().toISOString()
  const rows = Array.from({ length: count }, (_, i) => ({
    id: uuidv7(),
    tenant_slug: 'demo',
    title: `Bench case ${i}`,
    description: 'Stabilizer alarm after spool-up; checked bearings and seawater flow.',
    expert: 'seakeeper',
    status: 'Open',
    tags_json: '["bench"]',
    created_by: creator,
    assigned_to: null,
    conversation_id: null,
    version: 1,
    status_version: 1,
    status_changed_by: creator,
    created_at: at,
    updated_at: at,
  }))
  await t.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('cases')
        .values(rows.slice(i, i + 500))
        .execute()
    for (const row of rows) await recordChange(trx, 'demo', 'case', row.id)
  })
}

async function benchPull() {
  const t = await freshApp()
  await seedCases(t, PULL_ROWS)
  const cookie = await t.signIn('manager@demo.local')
  const userId = await t.userId('manager@demo.local')
  const fetch = fetchAs(cookie, async (r) => t.app.request(r))
  const sync: number[] = []
  const raw: number[] = []
  for (let run = 0; run < RUNS; run++) {
    // A fresh database per run: the name carries the run, the tenant stays demo.
    const db = new LocalDb(`${userId}-pull${run}`, 'demo')
    sync.push(await time(() => pullAll(db, { fetch, pageSize: 1000 })))
    const rows = (await db.cases.toArray()) as Case[]
    if (rows.length < PULL_ROWS) throw new Error(`pulled ${rows.length} cases`)
    const rawDb = new LocalDb(`${userId}-raw${run}`, 'demo')
    raw.push(await time(() => rawDb.cases.bulkPut(rows)))
    await db.delete()
    await rawDb.delete()
  }
  return { sync: median(sync), raw: median(raw) }
}

async function benchDrain() {
  const sync: number[] = []
  const raw: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const t = await freshApp()
    const cookie = await t.signIn('tech@demo.local')
    const userId = await t.userId('tech@demo.local')
    const db = new LocalDb(userId, 'demo')
    const fetch = fetchAs(cookie, async (r) => t.app.request(r))
    await drainAll(db, { fetch })
    for (let i = 0; i < DRAIN_MUTATIONS; i++) {
      await createCase(db, {
        title: `Offline case ${i}`,
        description: 'Written at anchor.',
        expert: 'furuno',
        tags: [],
      })
    }
    sync.push(await time(() => drainAll(db, { fetch, batchSize: 50 })))
    if ((await db.outbox.count()) !== 0) throw new Error('the outbox did not drain')
    await db.delete()

    const rawApp = await freshApp()
    const creator = await rawApp.userId('tech@demo.local')
    raw.push(
      await time(() =>
        rawApp.db.transaction().execute(async (trx) => {
          const at = new Date().toISOString()
          for (let i = 0; i < DRAIN_MUTATIONS; i++) {
            const id = uuidv7()
            await trx
              .insertInto('cases')
              .values({
                id,
                tenant_slug: 'demo',
                title: `Raw case ${i}`,
                description: 'Written at anchor.',
                expert: 'furuno',
                status: 'Open',
                tags_json: '[]',
                created_by: creator,
                assigned_to: null,
                conversation_id: null,
                version: 1,
                status_version: 1,
                status_changed_by: creator,
                created_at: at,
                updated_at: at,
              })
              .execute()
            await recordChange(trx, 'demo', 'case', id)
          }
        }),
      ),
    )
  }
  return { sync: median(sync), raw: median(raw) }
}

const pull = await benchPull()
const drain = await benchDrain()
const ms = (x: number) => `${x.toFixed(0)} ms`
const lines = [
  `| Pull ${PULL_ROWS.toLocaleString('en')} rows into IndexedDB | ${ms(pull.sync)} | raw Dexie bulkPut ${ms(pull.raw)} | ${(pull.sync / pull.raw).toFixed(1)}x |`,
  `| Drain ${DRAIN_MUTATIONS.toLocaleString('en')} mutations to the server | ${ms(drain.sync)} | raw ${postgres ? 'pg' : 'SQLite'} inserts ${ms(drain.raw)} | ${(drain.sync / drain.raw).toFixed(1)}x |`,
]
console.log(`Database: ${postgres ? 'PostgreSQL' : 'SQLite'}`)
console.log(lines.join('\n'))
await Promise.all(opened.map((db) => db.destroy()))
cluster?.stop()

if (process.argv.includes('--write') && !postgres) {
  const file = path.resolve(import.meta.dirname, '../../BENCHMARKS.md')
  const machine = `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`
  const section = [
    '## Sync (`npm run bench:sync`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; medians of ${RUNS} runs, IndexedDB is fake-indexeddb in Node,`,
    'the server is the real Hono app over in-memory SQLite reached in-process (no sockets).',
    '',
    '| Path | Sync | Raw write beside it | Ratio |',
    '|---|---|---|---|',
    ...lines,
    '',
  ].join('\n')
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n\n'
  const pattern = /## Sync \(`npm run bench:sync`\)[\s\S]*?(?=\n## |$)/
  const next = pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}`
  fs.writeFileSync(file, next)
}
