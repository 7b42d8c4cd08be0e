import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { baseUrl, browserForThisFile, openPage, signInAs, USERS, waitForServiceWorker } from './harness.ts'

const browser = browserForThisFile()

/** The paths in each cache of the service worker, by cache name. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {}
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)
    }
    return out
  })

describe('installable PWA shell', () => {
  test('the manifest names the app and links icons an installer accepts', async () => {
    const { context, page } = await openPage(browser())
    await page.goto('/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const res = await context.request.get(new URL(href ?? '', baseUrl()).href)
    expect(res.ok()).toBe(true)
    const manifest = (await res.json()) as {
      name: string
      short_name: string
      start_url: string
      scope: string
      display: string
      theme_color: string
      icons: { src: string; sizes: string; purpose: string }[]
    }
    expect(manifest).toMatchObject({
      name: 'Marine Workbench',
      short_name: 'Workbench',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    const wanted = ['192x192 any', '512x512 any', '512x512 maskable']
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(wanted))
    for (const icon of [...manifest.icons.map((i) => i.src), '/icons/apple-touch-icon-180.png']) {
      const png = await context.request.get(new URL(icon, baseUrl()).href)
      expect(png.headers()['content-type'], icon).toBe('image/png')
      expect((await png.body()).length, icon).toBeLessThan(40_000)
    }
    await context.close()
  })

  test('registers /sw.js on load, which takes control and precaches the shell but no /api answer', async () => {
    const { context, page } = await openPage(browser())
    await page.goto('/')
    await waitForServiceWorker(page)
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)
    expect(scriptUrl).toBe(`${baseUrl()}/sw.js`)
    await page.evaluate(() => fetch('/api/auth/user').catch(() => undefined))
    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
      }
      return urls
    })
    expect(cached).toContain('/index.html')
    expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true)
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([])
    await context.close()
  })

  test('opens with no network, deep links included, from the service worker, but never answers /api/', async () => {
    const { context, page } = await openPage(browser())
    await page.goto('/')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    for (const path of ['/', '/t/demo/cases/some-case', '/no/such/page']) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(200)
      expect(res?.fromServiceWorker(), path).toBe(true)
      await expect.poll(() => page.locator('#root').innerHTML(), { timeout: 10_000 }).not.toBe('')
    }
    // Sign-in and sign-out must reach the server; the worker never answers them with the app.
    await expect(page.goto('/api/login')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
    await context.close()
  })

  test('once installed, it opens with no network and the HTTP cache emptied, an expert never opened included', async () => {
    const { context, page, pageErrors } = await openPage(browser(), 'portrait')
    await signInAs(page, USERS.tech.email)
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: 'Sync status: Synced' }).first().waitFor()
    // The browser may drop its HTTP cache at any time; only the service worker's caches must hold the app.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await context.setOffline(true)
    await page.reload()
    await page.getByText('Welcome back, Taylor').waitFor()
    for (const [path, heading] of [
      ['/t/demo/ask/seakeeper', 'Seakeeper Expert'],
      ['/t/demo/furuno', 'Furuno Electronics Expert'],
      ['/t/demo/cases', 'Cases'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('heading', { name: heading, exact: true }).waitFor()
    }
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('precaches the shell and screens, but not pdfjs, reports, admin, the offline answerer or install icons; those are kept on first use', async () => {
    const { context, page, pageErrors } = await openPage(browser())
    await signInAs(page, USERS.manager.email)
    await waitForServiceWorker(page)
    const precache = Object.entries(await cachedPaths(page))
      .filter(([name]) => name.includes('precache'))
      .flatMap(([, paths]) => paths)
    for (const wanted of [/^\/index\.html$/, /^\/assets\/chat-screens-.*\.js$/, /^\/assets\/cases-page-.*\.js$/]) {
      expect(
        precache.some((p) => wanted.test(p)),
        String(wanted),
      ).toBe(true)
    }
    for (const unwanted of [
      /reports-page-.*\.js$/,
      /admin-page-.*\.js$/,
      /\/pdf(\.worker|-[\w-]{8}\.js$)/,
      /offline-answer\.worker/,
      /icon-512\.png$/,
    ]) {
      expect(
        precache.filter((p) => unwanted.test(p)),
        String(unwanted),
      ).toEqual([])
    }

    // Not opened yet and no network: the screen says it is not on the device, the app stays up.
    await context.setOffline(true)
    await page.goto('/t/demo/reports')
    await page.getByRole('heading', { name: 'Not on this device yet' }).waitFor()
    await context.setOffline(false)
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('heading', { name: 'Reports & Analytics' }).waitFor()
    await expect
      .poll(async () =>
        Object.values(await cachedPaths(page))
          .flat()
          .some((p) => /reports-page-.*\.js$/.test(p)),
      )
      .toBe(true)

    // Opened once: it opens with no network (its figures need the connection, and say so).
    await context.setOffline(true)
    await page.goto('/t/demo/cases')
    await page.goto('/t/demo/reports')
    await page.getByRole('heading', { name: 'Reports & Analytics' }).waitFor()
    await page.getByText('Reports need a connection').first().waitFor()
    expect(pageErrors).toEqual([])
    await context.close()
  })
})
