/**
 * `npm run bench:documents`: how fast a 300-page text PDF is processed (upload to `ready`,
 * through the real worker thread, chunking and the one transaction) beside pdfjs-dist's raw
 * `getTextContent` over the same file in this process, and what an authenticated read costs
 * (p50/p99 over real HTTP on loopback) while that PDF is processed, beside idle. Medians of 5.
 */
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { serve } from '@hono/node-server'
import { createApp } from '../src/app.ts'
import { addFromDisk } from '../src/documents/library.ts'
import { processingIdle } from '../src/documents/process.ts'
import { tinyPdf } from '../src/test/pdf.ts'
import { benchDatabase, benchDeps, median, percentile } from './bench-db.ts'

const PAGES = 300
const RUNS = 5
const words = 'gyro stabilizer bearing seal hydraulic pump motor controller fault alarm reset torque bolt flange'.split(
  ' ',
)
const pages = Array.from({ length: PAGES }, (_, p) =>
  Array.from({ length: 40 }, (_, w) => words[(p * 7 + w * 3) % words.length]).join(' '),
)
const pdf = tinyPdf(pages)

async function rawPdfjs(): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const started = performance.now()
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), disableFontFace: true, verbosity: 0 })
  const doc = await task.promise
  for (let n = 1; n <= doc.numPages; n++) await (await doc.getPage(n)).getTextContent()
  await task.destroy()
  return performance.now() - started
}

const { db } = await benchDatabase()
const deps = benchDeps(db)
const app = createApp(deps)
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
await new Promise((resolve) => server.once('listening', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const login = await fetch(`${base}/api/login/local`, {
  method: 'POST',
  body: new URLSearchParams({ email: 'tech@demo.local' }),
  redirect: 'manual',
})
const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''

async function readLatencies(until: () => boolean, min = 200): Promise<number[]> {
  const times: number[] = []
  while (times.length < min || !until()) {
    const started = performance.now()
    const res = await fetch(`${base}/api/t/demo/cases`, { headers: { cookie } })
    await res.arrayBuffer()
    times.push(performance.now() - started)
  }
  return times
}

const raw: number[] = []
const ours: number[] = []
const idleP99: number[] = []
const busyP99: number[] = []
const idleP50: number[] = []
const busyP50: number[] = []
for (let run = 0; run < RUNS; run++) {
  raw.push(await rawPdfjs())
  const idle = await readLatencies(() => true)
  idleP50.push(percentile(idle, 50))
  idleP99.push(percentile(idle, 99))
  // Each run a distinct file (one more page of text), so it is processed, not found unchanged.
  const bytes = tinyPdf([...pages.slice(0, PAGES - 1), `${pages[PAGES - 1]} run ${run}`])
  const started = performance.now()
  let done = false
  const processing = addFromDisk(deps, { tenant: 'demo', expert: 'seakeeper', key: `bench:${run}` }, 'bench.pdf', bytes)
    .then(() => processingIdle(db))
    .then(() => {
      done = true
      ours.push(performance.now() - started)
    })
  const busy = await readLatencies(() => done, 50)
  await processing
  busyP50.push(percentile(busy, 50))
  busyP99.push(percentile(busy, 99))
}
server.close()

const pagesPerSecond = (ms: number) => (PAGES / (ms / 1000)).toFixed(0)
console.log(
  `${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
)
console.log(`300-page PDF, ${(pdf.length / 1024).toFixed(0)} KB; medians of ${RUNS}`)
console.log(`raw pdfjs getTextContent:  ${median(raw).toFixed(0)} ms  (${pagesPerSecond(median(raw))} pages/s)`)
console.log(
  `upload to ready (worker):  ${median(ours).toFixed(0)} ms  (${pagesPerSecond(median(ours))} pages/s, ${(median(raw) / median(ours)).toFixed(2)}x of raw)`,
)
console.log(`first document after start (cold worker): ${ours[0]?.toFixed(0)} ms`)
console.log(`GET /cases idle:           p50 ${median(idleP50).toFixed(1)} ms, p99 ${median(idleP99).toFixed(1)} ms`)
console.log(`GET /cases while processing: p50 ${median(busyP50).toFixed(1)} ms, p99 ${median(busyP99).toFixed(1)} ms`)
process.exit(0)
