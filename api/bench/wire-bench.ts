/**
 * `npm run bench:wire` (after a build): bytes on the wire for what a tablet moves over a
 * satellite link, each beside its identity size measured in the same run: installing the app for
 * offline use (the service worker and its precache, as served: brotli to a browser that takes it),
 * and a first sync pull of 500 and of 5,000 rows (gzip on the fly, as served). Figures in KiB.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../src/app.ts'
import { createCase } from '../src/mutations/cases.ts'
import { runMutation } from '../src/mutations/run-mutation.ts'
import { benchDatabase, benchDeps, benchSignIn } from './bench-db.ts'

const dist = path.resolve(import.meta.dirname, '../../web/dist')
const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8')
const precache = [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] as string))]
const sizeOf = (file: string, encoding: '' | '.gz' | '.br') => {
  const full = path.join(dist, file)
  return fs.existsSync(full + encoding) ? fs.statSync(full + encoding).size : fs.statSync(full).size
}
const install = (encoding: '' | '.gz' | '.br') =>
  ['sw.js', ...precache].filter((f) => fs.existsSync(path.join(dist, f))).reduce((n, f) => n + sizeOf(f, encoding), 0)

async function pullBytes(rows: number) {
  const { db } = await benchDatabase()
  const deps = benchDeps(db)
  const app = createApp(deps)
  const cookie = await benchSignIn(app, 'tech@demo.local')
  const me = await db.selectFrom('users').select('id').where('email', '=', 'tech@demo.local').executeTakeFirstOrThrow()
  const actor = { userId: me.id, tenant: 'demo', role: 'Technician' as const }
  for (let i = 0; i < rows; i++) {
    await runMutation(db, (trx) =>
      createCase(trx, actor, {
        title: `Stabilizer alarm ${i}: hydraulic pressure low after haul-out`,
        description: `Found on a routine visit. Pressure ${40 + (i % 20)} bar against a 60 bar setting; accumulator checked.`,
        expert: i % 2 ? 'furuno' : 'seakeeper',
        tags: ['hydraulics', `boat-${i % 37}`],
        conversationId: null,
      }),
    )
  }
  const measure = async (acceptEncoding: string) => {
    let bytes = 0
    let cursor = 0
    for (;;) {
      const res = await app.request(`/api/t/demo/sync/pull?cursor=${cursor}&limit=1000`, {
        headers: { cookie, 'accept-encoding': acceptEncoding },
      })
      const body = Buffer.from(await res.arrayBuffer())
      bytes += body.length
      const page = JSON.parse(
        acceptEncoding === 'gzip' ? (await import('node:zlib')).gunzipSync(body).toString() : body.toString(),
      )
      if (!page.hasMore) return bytes
      cursor = page.cursor
    }
  }
  return { identity: await measure('identity'), gzip: await measure('gzip') }
}

const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`
console.log(`${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`)
console.log(
  `Install for offline (sw.js + ${precache.length} precached files): identity ${kib(install(''))}, gzip ${kib(install('.gz'))}, brotli ${kib(install('.br'))}`,
)
for (const rows of [500, 5000]) {
  const { identity, gzip } = await pullBytes(rows)
  console.log(
    `First pull, ${rows} cases (+ seed): identity ${kib(identity)}, gzip ${kib(gzip)} (${((gzip / identity) * 100).toFixed(0)} %)`,
  )
}
process.exit(0)
