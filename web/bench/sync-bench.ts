/**
 * npm run bench:sync — the sync path beside the raw writes it is built on, in one process:
 * a pull of 10,000 rows into IndexedDB (fake-indexeddb) against raw Dexie bulkPut of the same
 * rows, and a drain of 1,000 queued mutations through the real server against raw SQLite
 * inserts of the same cases. Prints medians and, with --write, records them in BENCHMARKS.md.
 */
import 'fake-indexeddb/auto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Case } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { createTestApp } from '../../api/src/test/test-app.ts'
import { LocalDb } from '../src/db/local-db.ts'
import { createCase } from '../src/features/cases/actions.ts'
import { drainAll } from '../src/sync/drainer.ts'
import { pullAll } from '../src/sync/pull.ts'
import { fetchAs } from '../src/sync/test/server-harness.ts'

const RUNS = 5
const PULL_ROWS = 10_000
const DRAIN_MUTATIONS = 1_000

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
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500)
      await trx.insertInto('cases').values(chunk).execute()
      await trx
        .insertInto('change_log')
        .values(
          chunk.map((r) => ({
            tenant_slug: 'demo',
            entity: 'case',
            entity_id: r.id,
            op: 'upsert' as const,
            changed_at: at,
          })),
        )
        .execute()
    }
  })
}

async function benchPull() {
  const t = await createTestApp()
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
    const t = await createTestApp()
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

    const rawApp = await createTestApp()
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
            await trx
              .insertInto('change_log')
              .values({ tenant_slug: 'demo', entity: 'case', entity_id: id, op: 'upsert', changed_at: at })
              .execute()
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
  `| Drain ${DRAIN_MUTATIONS.toLocaleString('en')} mutations to the server | ${ms(drain.sync)} | raw SQLite inserts ${ms(drain.raw)} | ${(drain.sync / drain.raw).toFixed(1)}x |`,
]
console.log(lines.join('\n'))

if (process.argv.includes('--write')) {
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
