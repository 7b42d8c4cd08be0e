/**
 * A deploy while the app is open: the new service worker waits, the page says so, and only the
 * user's Reload switches to it. Runs its own server over a copy of the build, so the test can
 * "deploy" by changing that copy's sw.js without touching the shared server.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser, openPage, waitForServiceWorker } from './harness.ts'
import { type RunningServer, startServer } from './server.ts'

let browser: Browser
let server: RunningServer
let dist: string
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'mw-dist-'))
  cpSync(process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../dist'), dist, { recursive: true })
  ;[browser, server] = await Promise.all([launchBrowser(), startServer({ WEB_DIST: dist })])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  rmSync(dist, { recursive: true, force: true })
})

const registrationState = () =>
  navigator.serviceWorker.getRegistration().then((r) => ({ waiting: r?.waiting?.state ?? null }))

test('a new version waits for the user: "A new version is available", and Reload switches to it', async () => {
  const { context, page } = await openPage(browser, 'tablet', server.baseUrl)
  await page.goto('/')
  await waitForServiceWorker(page)
  // A first visit signed out is the server's prerendered landing; once installed, the app opens from the worker.
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Marine Workbench' }).waitFor()

  // The next build: a changed sw.js (its stale precompressed copies go, as a real build rewrites them).
  appendFileSync(path.join(dist, 'sw.js'), '\n// the next build\n')
  for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(path.join(dist, copy), { force: true })
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' })
  await prompt.waitFor()
  // Nothing switched under the user's feet: the new worker is installed and waiting.
  expect(await page.evaluate(registrationState)).toEqual({ waiting: 'installed' })

  const reloaded = page.waitForEvent('load')
  await prompt.getByRole('button', { name: 'Reload' }).click()
  await reloaded
  await waitForServiceWorker(page)
  expect(await page.evaluate(registrationState)).toEqual({ waiting: null })
  expect(await prompt.count()).toBe(0)
  await context.close()
})
