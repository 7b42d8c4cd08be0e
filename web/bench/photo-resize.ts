/**
 * Half of `npm run bench:casework` (after a build): a 12 MP camera photo (4000 x 3000 JPEG, made
 * in the page) attached to a case in Chromium, as a technician would, until it is scaled to 1600 px
 * and kept on the device (the app's `mw:photo-resize` measure), beside the whole picture decoded
 * (createImageBitmap), drawn and encoded straight on the page's main thread in the same run (the
 * raw baseline). Each also
 * reports the longest main-thread task while it ran: the worker's point is that the page keeps
 * answering touches.
 */
import { chromium, type Page } from 'playwright-core'
import { startServer } from '../e2e/server.ts'

const RUNS = 7
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

const server = await startServer()
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1024, height: 1366 } })
const page = await context.newPage()
await page.goto('/api/login')
await page.getByRole('button', { name: 'tech@demo.local' }).click()
await page.waitForURL(/\/t\/[^/]+\/?$/)
const created = await context.request.post('/api/t/demo/cases', {
  data: { title: 'Resize bench', expert: 'seakeeper' },
})
const { id } = (await created.json()) as { id: string }
await page.goto(`/t/demo/cases/${id}`)
await page.getByRole('heading', { name: 'Resize bench' }).waitFor()

/** A photo-like 12 MP JPEG: smooth gradients with grain, about the size a tablet camera writes. */
const photo = Buffer.from(
  await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    const gradient = context.createLinearGradient(0, 0, 4000, 3000)
    gradient.addColorStop(0, '#1d3b53')
    gradient.addColorStop(0.5, '#8fa9b8')
    gradient.addColorStop(1, '#d9c7a1')
    context.fillStyle = gradient
    context.fillRect(0, 0, 4000, 3000)
    const grain = context.getImageData(0, 0, 4000, 3000)
    for (let i = 0; i < grain.data.length; i += 4) {
      const n = (Math.random() - 0.5) * 40
      grain.data[i] = (grain.data[i] as number) + n
      grain.data[i + 1] = (grain.data[i + 1] as number) + n
      grain.data[i + 2] = (grain.data[i + 2] as number) + n
    }
    context.putImageData(grain, 0, 0)
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(binary)
  }),
  'base64',
)

/** Main-thread tasks over 50 ms, kept so each run can take those that began inside its own window (the task that hands Playwright's file to the input starts before it and is not the app's). */
const watchLongTasks = (target: Page) =>
  target.evaluate(() => {
    const w = window as unknown as { tasks: { start: number; end: number }[] }
    w.tasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.tasks.push({ start: e.startTime, end: e.startTime + e.duration })
    }).observe({ type: 'longtask' })
  })
await watchLongTasks(page)
const longestWithin = (target: Page, start: number, end: number) =>
  target.evaluate(
    ([from, to]) =>
      Math.max(
        0,
        ...(window as unknown as { tasks: { start: number; end: number }[] }).tasks
          .filter((t) => t.start >= (from as number) && t.start < (to as number))
          .map((t) => t.end - t.start),
      ),
    [start, end],
  )

async function productRun(n: number) {
  await page.evaluate(() => performance.clearMeasures('mw:photo-resize'))
  await page.getByLabel('Attach photos or PDF files').setInputFiles({
    name: `deck-${n}.jpg`,
    mimeType: 'image/jpeg',
    buffer: photo,
  })
  await page.waitForFunction(() => performance.getEntriesByName('mw:photo-resize').length > 0)
  const { start, ms } = await page.evaluate(() => {
    const entry = performance.getEntriesByName('mw:photo-resize')[0]
    return { start: entry?.startTime ?? 0, ms: entry?.duration ?? Number.NaN }
  })
  await page.waitForTimeout(100)
  return { ms, longest: await longestWithin(page, start, start + ms) }
}

async function rawRun() {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const file = new Blob([bytes], { type: 'image/jpeg' })
    const started = performance.now()
    // The plain web calls: decode it whole, halve with bilinear sampling, one step under 2x, encode.
    const bitmap = await createImageBitmap(file)
    // No named helpers in here: the bundler's name-keeping helper does not exist in the page.
    let source: CanvasImageSource = bitmap
    let [w, h] = [bitmap.width, bitmap.height]
    let canvas = new OffscreenCanvas(1, 1)
    for (let last = false; !last; ) {
      last = w / 2 < 1600
      const [nw, nh] = last ? [1600, Math.round((h * 1600) / w)] : [Math.round(w / 2), Math.round(h / 2)]
      canvas = new OffscreenCanvas(nw, nh)
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
      context.imageSmoothingQuality = 'low'
      context.drawImage(source, 0, 0, nw, nh)
      ;[source, w, h] = [canvas, nw, nh]
    }
    await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 })
    bitmap.close()
    return { start: started, ms: performance.now() - started }
  }, photo.toString('base64'))
}
async function rawRunWithTasks() {
  const { start, ms } = await rawRun()
  await page.waitForTimeout(100)
  return { ms, longest: await longestWithin(page, start, start + ms) }
}

const product: { ms: number; longest: number }[] = []
const raw: { ms: number; longest: number }[] = []
for (let n = 0; n < RUNS; n++) {
  raw.push(await rawRunWithTasks())
  product.push(await productRun(n))
}
await browser.close()
await server.stop()

const line = (name: string, runs: { ms: number; longest: number }[]) =>
  `${name}: median ${median(runs.map((r) => r.ms)).toFixed(0)} ms, longest main-thread task median ${median(runs.map((r) => r.longest)).toFixed(0)} ms`
console.log(
  `12 MP JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB, to 1600 px, ${RUNS} runs each (${new Date().toISOString().slice(0, 10)})`,
)
console.log(line('Product (worker, kept on the device)', product))
console.log(line('Raw baseline (whole decode, draw and encode on the main thread)', raw))
