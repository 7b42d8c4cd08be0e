/**
 * Half of `npm run bench:casework`: the service report of a case with 20 photos (1600 x 1200
 * JPEGs, as tablets send them after scaling) and two units, requested through the app as a
 * technician would, beside raw pdfkit drawing the same 20 images with the title in the same run.
 * Medians of 7 runs. BENCH_PHOTOS=50 measures issue 14's case of 50 photos.
 */
import fs from 'node:fs'
import path from 'node:path'
import PDFDocument from 'pdfkit'
import sharp from 'sharp'
import { createApp } from '../src/app.ts'
import { benchDatabase, benchDeps, benchSignIn, median } from './bench-db.ts'

const RUNS = 7
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20)

const { db } = await benchDatabase()
const deps = benchDeps(db)
const app = createApp(deps)
const cookie = await benchSignIn(app, 'tech@demo.local')
const json = { cookie, 'content-type': 'application/json' }
const created = await app.request('/api/t/demo/cases', {
  method: 'POST',
  headers: json,
  body: JSON.stringify({
    title: 'Annual service on Blue Horizon',
    expert: 'seakeeper',
    vessel: 'Blue Horizon',
    equipment: [
      { make: 'Seakeeper', model: 'Seakeeper 9', serial: 'SK9-2204117', hours: 1840, firmware: '' },
      { make: 'Furuno', model: 'TZT16F', serial: '5133-2290', hours: null, firmware: 'v7.01' },
    ],
  }),
})
const { id } = (await created.json()) as { id: string }

/** A photo-like 1600 x 1200 JPEG: noise, blurred, so it compresses as a real picture does. */
const photo = (seed: number) =>
  sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 100 + seed, sigma: 40 },
    },
  })
    .blur(1.5)
    .jpeg({ quality: 80 })
    .toBuffer()

const images: Buffer[] = []
for (let n = 0; n < PHOTOS; n++) {
  const bytes = await photo(n)
  images.push(bytes)
  const body = new FormData()
  body.append('file', new File([new Uint8Array(bytes)], `photo-${n + 1}.jpg`, { type: 'image/jpeg' }))
  const res = await app.request(`/api/t/demo/cases/${id}/attachments`, { method: 'POST', headers: { cookie }, body })
  if (res.status !== 201) throw new Error(`upload ${n}: ${res.status} ${await res.text()}`)
}

async function productRun() {
  const started = performance.now()
  const res = await app.request(`/api/t/demo/cases/${id}/report.pdf`, { headers: { cookie } })
  const bytes = (await res.arrayBuffer()).byteLength
  if (res.status !== 200) throw new Error(`report: ${res.status}`)
  return { ms: performance.now() - started, bytes }
}

async function rawRun() {
  const started = performance.now()
  const doc = new PDFDocument({ size: 'A4', margin: 50 })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  doc.fontSize(20).text('Annual service on Blue Horizon')
  for (const image of images) {
    if (doc.y > 600) doc.addPage()
    doc.image(image, { fit: [240, 180] })
  }
  doc.end()
  const bytes = (await done).length
  return { ms: performance.now() - started, bytes }
}

const product: { ms: number; bytes: number }[] = []
const raw: { ms: number; bytes: number }[] = []
for (let n = 0; n < RUNS; n++) {
  product.push(await productRun())
  raw.push(await rawRun())
}
fs.rmSync(path.dirname(deps.env.documentsDir), { recursive: true, force: true })
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`
console.log(`Service report, ${PHOTOS} photos of 1600 x 1200, ${RUNS} runs (${new Date().toISOString().slice(0, 10)})`)
console.log(
  `Product (GET /cases/{id}/report.pdf): median ${median(product.map((r) => r.ms)).toFixed(0)} ms, ${kib(median(product.map((r) => r.bytes)))}`,
)
console.log(
  `Raw pdfkit, same images: median ${median(raw.map((r) => r.ms)).toFixed(0)} ms, ${kib(median(raw.map((r) => r.bytes)))}`,
)
