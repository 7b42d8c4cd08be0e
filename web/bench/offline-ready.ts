/**
 * Part of `npm run bench:wire` (after a build): a first visit over an emulated satellite link
 * (600 ms round trip, 1 Mbit/s each way, shared by the page and the service worker), timed from
 * navigation start to the landing's Sign In and to offline-ready (the service worker installed
 * with its precache, and active). Beside it, in the same run, the baseline: the same link with
 * every request asking for identity (no compression). Medians of 3 fresh browser profiles each.
 */
import { chromium } from 'playwright-core'
import { startServer } from '../e2e/server.ts'
import { startThrottledLink } from './throttled-link.ts'

const RUNS = 3
const LINK = { oneWayDelayMs: 300, bytesPerSecond: 125_000 }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

const server = await startServer()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})

async function firstVisit(identity: boolean) {
  const link = await startThrottledLink(Number(new URL(server.baseUrl).port), { ...LINK, identity })
  const context = await browser.newContext({ baseURL: link.baseUrl, viewport: { width: 800, height: 1280 } })
  try {
    const page = await context.newPage()
    await page.goto('/', { waitUntil: 'commit', timeout: 120_000 })
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 })
    const landing = await page.evaluate(() => performance.now())
    const ready = await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      return performance.now()
    })
    return { landing, ready }
  } finally {
    await context.close()
    await link.close()
  }
}

try {
  const compressed: { landing: number; ready: number }[] = []
  const identity: { landing: number; ready: number }[] = []
  for (let run = 0; run < RUNS; run++) {
    compressed.push(await firstVisit(false))
    identity.push(await firstVisit(true))
  }
  const line = (xs: typeof compressed) =>
    `Sign In shown ${median(xs.map((x) => x.landing)).toFixed(0)} ms, offline-ready ${median(xs.map((x) => x.ready)).toFixed(0)} ms`
  console.log(`First visit over a 600 ms / 1 Mbit/s link (proxy; medians of ${RUNS}):`)
  console.log(`  as served (brotli): ${line(compressed)}; baseline, identity: ${line(identity)}`)
} finally {
  await browser.close()
  await server.stop()
}
