/**
 * npm run bench:sync — the sync path beside the raw reads and writes it is built on, in one
 * process: a pull of 10,000 rows into IndexedDB (fake-indexeddb) against raw Dexie bulkPut of the
 * same rows and a raw select of the same change-log pages (api/bench/raw-pull.ts), and a drain of
 * 1,000 queued mutations through the real server against raw inserts of the same cases. Prints
 * medians (BENCHMARKS.md keeps them, written by hand). With --postgres the server runs on
 * PostgreSQL (a throwaway cluster) and the raw reads and inserts go to it.
 */
import 'fake-indexeddb/auto'
import type { Case } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { benchDatabase } from '../../api/bench/bench-db.ts'
import { type RawSource, rawPages } from '../../api/bench/raw-pull.ts'
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
/** The pull's page size (its largest, LIMITS.pullPageMax), and the raw select's. */
const PAGE = 1000

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

/**
 * The real app over a fresh, seeded database: SQLite in memory, or a copy of the PostgreSQL
 * template; `raw` is where raw reads reach the same data (the SQLite handle, or the database's URL).
 */
async function freshApp(): Promise<Awaited<ReturnType<typeof createTestApp>> & { raw: RawSource }> {
  if (!cluster) {
    const { db, sqlite } = await benchDatabase()
    return { ...(await createTestApp({ db })), raw: sqlite }
  }
  const admin = openDatabase(`${cluster.baseUrl}postgres`).db
  const name = `bench_${databases++}`
  await createPostgresDatabase(admin, name, 'template_bench')
  await admin.destroy()
  const { db } = openDatabase(`${cluster.baseUrl}${name}`)
  opened.push(db)
  return { ...(await createTestApp({ db })), raw: `${cluster.baseUrl}${name}` }
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
  const pages = await rawPages(t.raw, PAGE)
  const sync: number[] = []
  const raw: number[] = []
  const select: number[] = []
  for (let run = 0; run < RUNS; run++) {
    // A fresh database per run: the name carries the run, the tenant stays demo.
    const db = new LocalDb(`${userId}-pull${run}`, 'demo')
    sync.push(await time(() => pullAll(db, { fetch, pageSize: PAGE })))
    const rows = (await db.cases.toArray()) as Case[]
    if (rows.length < PULL_ROWS) throw new Error(`pulled ${rows.length} cases`)
    const rawDb = new LocalDb(`${userId}-raw${run}`, 'demo')
    raw.push(await time(() => rawDb.cases.bulkPut(rows)))
    let read = 0
    select.push(await time(async () => (read = await pages.readAll('demo'))))
    if (read !== rows.length) throw new Error(`the raw select read ${read} cases, the pull ${rows.length}`)
    await db.delete()
    await rawDb.delete()
  }
  await pages.close()
  return { sync: median(sync), raw: median(raw), select: median(select) }
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
  `| the same pull's rows read raw | | raw ${postgres ? 'pg' : 'SQLite'} select, pages of ${PAGE.toLocaleString('en')} ${ms(pull.select)} | ${(pull.sync / pull.select).toFixed(1)}x |`,
  `| Drain ${DRAIN_MUTATIONS.toLocaleString('en')} mutations to the server | ${ms(drain.sync)} | raw ${postgres ? 'pg' : 'SQLite'} inserts ${ms(drain.raw)} | ${(drain.sync / drain.raw).toFixed(1)}x |`,
]
console.log(`Database: ${postgres ? 'PostgreSQL' : 'SQLite'}`)
console.log(lines.join('\n'))
await Promise.all(opened.map((db) => db.destroy()))
cluster?.stop()
