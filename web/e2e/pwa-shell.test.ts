import { describe, expect, test } from 'vitest'
import { baseUrl, browserForThisFile, openPage, waitForServiceWorker } from './harness.ts'

const browser = browserForThisFile()

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
})
