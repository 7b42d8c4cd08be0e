/**
 * The browser half of `npm run bench:wire` (after a build), in Chromium against the real server:
 * - the signed-out first visit on an emulated satellite link (600 ms latency, 1 Mbit/s): the
 *   prerendered landing, beside what such a visit got before it (the app, which draws the same
 *   landing with script: here a visit carrying a stale session cookie), in the same run;
 * - Lighthouse (mobile preset) on both;
 * - a warm start (service worker installed, data synced), online and offline, launched in a new
 *   page and reached from another screen: when the case list, Home's recent conversations and a
 *   conversation's messages first show their rows (`mw:rows:*`: the kept last view or the live
 *   screen, app/last-view) and when the live screen shows them (`mw:rows-live:*`), beside first
 *   paint and a raw IndexedDB read of the same cases.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { startServer } from '../e2e/server.ts'

const RUNS = 5
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number
const ms = (n: number) => `${n.toFixed(0)} ms`
const STALE_COOKIE = 'mw_session=expired-session-from-last-month'

const server = await startServer()
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })

async function satelliteVisit(cookie: string | null) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 800, height: 1280 } })
  if (cookie) await context.addCookies([{ name: 'mw_session', value: cookie.split('=')[1] ?? '', url: server.baseUrl }])
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 600,
    downloadThroughput: 125_000,
    uploadThroughput: 125_000,
  })
  let bytes = 0
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength
  })
  await page.goto('/', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 })
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
    timeout: 120_000,
  })
  // The frame after the button is in a painted page: when a person could press it.
  const shown = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))))
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0)
  await context.close()
  return { shown, paint, bytes }
}

function lighthouse(extraHeaders: Record<string, string> | null) {
  const out = path.join(os.tmpdir(), `mw-lighthouse-${process.pid}.json`)
  const args = [
    '--yes',
    'lighthouse@12',
    `${server.baseUrl}/`,
    '--only-categories=performance',
    '--form-factor=mobile',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
  ]
  if (extraHeaders) args.push(`--extra-headers=${JSON.stringify(extraHeaders)}`)
  try {
    execFileSync('npx', args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: 'pipe' })
  } catch (error) {
    throw new Error(`Lighthouse failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`)
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'))
  fs.rmSync(out, { force: true })
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: report.audits['first-contentful-paint'].displayValue as string,
    lcp: report.audits['largest-contentful-paint'].displayValue as string,
  }
}

/** When the screen's rows first showed (the kept view or the live screen) and when the live screen showed them. */
async function mark(page: Page, name: string) {
  const at = async (entry: string) => {
    await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, entry, { timeout: 30_000 })
    return page.evaluate((n) => performance.getEntriesByName(n)[0]?.startTime ?? Number.NaN, entry)
  }
  return { first: await at(`mw:rows:${name}`), live: await at(`mw:rows-live:${name}`) }
}

/**
 * Warm starts, `launched` as an installed app starts (a new page, nothing to unload) and, the
 * baseline of the same run, each reached from another screen of the app in the same page (the
 * previous page's unload counts in its navigation timing).
 */
async function warmStart(context: BrowserContext, page: Page, offline: boolean, launched: boolean) {
  await context.setOffline(offline)
  type Marks = { first: number; live: number }
  const rows = { cases: [] as Marks[], home: [] as Marks[], messages: [] as Marks[], paint: [] as number[] }
  const raw: number[] = []
  const dbName = await page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('mw:') && d.name.endsWith(':demo'))?.name
    return name ?? ''
  })
  let current = page
  const open = async (url: string) => {
    if (launched) {
      const fresh = await context.newPage()
      if (current !== page) await current.close()
      current = fresh
    }
    await current.goto(url)
    return current
  }
  for (let run = 0; run < RUNS; run++) {
    const cases = await open('/t/demo/cases')
    rows.cases.push(await mark(cases, 'cases'))
    rows.paint.push(
      await cases.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
    )
    raw.push(
      await cases.evaluate(async (dbName) => {
        const start = performance.now()
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(dbName)
          open.onsuccess = () => resolve(open.result)
          open.onerror = () => reject(open.error)
        })
        await new Promise((resolve) => {
          const request = db.transaction('cases').objectStore('cases').getAll()
          request.onsuccess = resolve
        })
        db.close()
        return performance.now() - start
      }, dbName),
    )
    rows.home.push(await mark(await open('/t/demo'), 'home-recent'))
    const conversation = await recentConversationUrl(current, dbName)
    rows.messages.push(await mark(await open(conversation), 'messages'))
  }
  if (current !== page) await current.close()
  await context.setOffline(false)
  return { rows, raw }
}

/** A conversation the device holds, read from its database: where a technician picks up. */
function recentConversationUrl(page: Page, dbName: string) {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const all = await new Promise<{ id: string; agentId: string; updatedAt: string }[]>((resolve) => {
      const request = db.transaction('conversations').objectStore('conversations').getAll()
      request.onsuccess = () => resolve(request.result)
    })
    db.close()
    const last = all.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0]
    return last ? `/t/demo/ask/${last.agentId}?conversation=${last.id}` : '/t/demo'
  }, dbName)
}

try {
  const landing: { shown: number; paint: number; bytes: number }[] = []
  const before: { shown: number; paint: number; bytes: number }[] = []
  for (let run = 0; run < 3; run++) {
    landing.push(await satelliteVisit(null))
    before.push(await satelliteVisit(STALE_COOKIE))
  }
  const report = (label: string, xs: typeof landing) =>
    console.log(
      `  ${label}: first paint ${ms(median(xs.map((x) => x.paint)))}, Sign In shown ${ms(median(xs.map((x) => x.shown)))}, ${(median(xs.map((x) => x.bytes)) / 1024).toFixed(0)} KiB`,
    )
  console.log('Signed-out first visit, emulated 600 ms / 1 Mbit/s (medians of 3):')
  report('prerendered landing', landing)
  report('baseline, the app drawing the landing', before)

  const lhLanding = lighthouse(null)
  const lhApp = lighthouse({ Cookie: STALE_COOKIE })
  console.log(
    `Lighthouse mobile: landing ${lhLanding.score} (FCP ${lhLanding.fcp}, LCP ${lhLanding.lcp}); baseline app ${lhApp.score} (FCP ${lhApp.fcp}, LCP ${lhApp.lcp})`,
  )

  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 800, height: 1280 } })
  const page = await context.newPage()
  await page.goto('/api/login')
  await page.getByRole('button', { name: 'tech@demo.local' }).click()
  await page.waitForURL(/\/t\/demo\/?$/)
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 60_000,
  })
  await page.getByRole('button', { name: 'Sync status: Synced' }).first().waitFor({ timeout: 60_000 })
  for (const offline of [false, true]) {
    for (const launched of [true, false]) {
      const { rows, raw } = await warmStart(context, page, offline, launched)
      console.log(
        `Warm start ${offline ? 'offline' : 'online'}, ${launched ? 'launched (new page)' : 'baseline: from another screen'} (medians of ${RUNS}, ms after navigation start):`,
      )
      const both = (xs: { first: number; live: number }[]) =>
        `${ms(median(xs.map((x) => x.first)))} (live screen ${ms(median(xs.map((x) => x.live)))})`
      console.log(
        `  case rows ${both(rows.cases)}, Home recent ${both(rows.home)}, messages ${both(rows.messages)}; first paint ${ms(median(rows.paint))}; raw IndexedDB read of the cases ${ms(median(raw))}`,
      )
    }
  }
  await context.close()
} finally {
  await browser.close()
  await server.stop()
}
