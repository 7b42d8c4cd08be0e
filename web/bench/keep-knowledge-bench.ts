/**
 * npm run bench:keep — the first download of an expert's manuals for answers at sea: 20,000
 * passages in 40 manuals through the real server (over its fetch handler, no sockets) into
 * IndexedDB (fake-indexeddb), beside a raw Dexie bulkPut of the same rows in the same run;
 * then an update with nothing changed (the list only) and with one manual replaced.
 */
import 'fake-indexeddb/auto'
import { LocalDb } from '../src/db/local-db.ts'
import { keepKnowledge } from '../src/sync/kept-knowledge.ts'
import { fetchAs, startServer } from '../src/sync/test/server-harness.ts'

const MANUALS = 40
const PER_MANUAL = 500
const RUNS = 3
const sentence = (i: number) =>
  `Check the raw-water strainer and the seacock before bleeding the cooling loop of unit ${i}; a high temperature alarm after relaunch usually means air in the loop.`

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number
async function time(fn: () => Promise<unknown>) {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

const server = await startServer()
const ids: string[] = []
for (let m = 0; m < MANUALS; m++) {
  const texts = Array.from({ length: PER_MANUAL }, (_, i) => `${sentence(m * PER_MANUAL + i)} ${sentence(i)}`)
  ids.push(await server.addManual('demo', 'seakeeper', `Manual ${m}`, texts))
}
globalThis.fetch = fetchAs(await server.signIn('tech@demo.local'), server.handle)
const userId = await server.userId('tech@demo.local')

const first: number[] = []
const raw: number[] = []
let noChange = 0
for (let run = 0; run < RUNS; run++) {
  const db = new LocalDb(userId, `bench-${run}`)
  first.push(await time(() => keepKnowledge(db, 'demo', 'seakeeper')))
  const rows = await db.keptTexts.toArray()
  const rawDb = new LocalDb(userId, `bench-raw-${run}`)
  raw.push(await time(() => rawDb.keptTexts.bulkPut(rows)))
  if (run === 0) noChange = await time(() => keepKnowledge(db, 'demo', 'seakeeper'))
  db.close()
  rawDb.close()
}
const kept = new LocalDb(userId, 'bench-0')
console.log(`Keeping ${MANUALS * PER_MANUAL} passages in ${MANUALS} manuals (${RUNS} runs, medians)`)
console.log(`first download through the server: ${median(first).toFixed(0)} ms`)
console.log(`raw Dexie bulkPut of the same rows:  ${median(raw).toFixed(0)} ms`)
console.log(`update with nothing changed:         ${noChange.toFixed(0)} ms (the manual list only)`)
console.log(`kept: ${(((await kept.keptExperts.get('seakeeper'))?.bytes ?? 0) / 1024 / 1024).toFixed(1)} MiB of text`)
kept.close()
