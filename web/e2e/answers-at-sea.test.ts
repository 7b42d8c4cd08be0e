/**
 * Issue 12's promise in a real browser: the expert answers with no network from the manuals kept
 * on the tablet, the question still reaches the server once, and the server's answer follows.
 */
import type { BrowserContext, Route } from 'playwright-core'
import { expect, test } from 'vitest'
import { tinyPdf } from '../../api/src/test/pdf.ts'
import { browserForThisFile, openPage, signInAs, USERS, waitForServiceWorker, waitForSynced } from './harness.ts'

const browser = browserForThisFile()

/** A manual an Admin uploads, once the server has made it ready. */
async function addManualAsAdmin(
  context: BrowserContext,
  expert: 'seakeeper' | 'furuno',
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const upload = await context.request.post(`/api/t/demo/experts/${expert}/documents`, { multipart: { file } })
  expect(upload.status()).toBe(202)
  const id = ((await upload.json()) as { documents: { id: string }[] }).documents[0]?.id ?? ''
  const status = async () =>
    ((await (await context.request.get(`/api/t/demo/documents/${id}`)).json()) as { document: { status: string } })
      .document.status
  await expect.poll(status, { timeout: 20_000 }).toBe('ready')
  return id
}

interface ServerMessage {
  role: string
  content: string
  replyTo: string | null
}

test('download for offline use, ask at sea, get a labelled answer with sources, then the server answer', async () => {
  const { context, page, pageErrors, policyViolations } = await openPage(browser(), 'portrait')
  await signInAs(page, USERS.tech.email)
  await waitForServiceWorker(page)
  await page.goto('/t/demo/ask/seakeeper')
  await page.getByRole('button', { name: 'Download for offline use' }).click()
  await page.getByText(/^Available offline · .* · \d+ manuals · updated/).waitFor({ timeout: 30_000 })
  await waitForSynced(page)
  // The answerer is not in the install precache: a device that keeps manuals fetches it while online,
  // and the word list it imports as it starts (a chunk of its own) a moment later.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = new Set<string>()
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) {
            for (const part of ['offline-answer.worker', 'everyday-words'])
              if (request.url.includes(part)) kept.add(part)
          }
        }
        return kept.size
      }),
    )
    .toBe(2)

  await context.setOffline(true)
  // A reload at sea: the app, the kept manuals and the answerer all come from the device.
  await page.reload()
  const question = 'What should I check for a high temperature alarm on the cooling loop?'
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill(question)
  await composer.press('Enter')
  const offline = page
    .getByRole('article', { name: 'Expert answer' })
    .filter({ hasText: 'Answered offline from the manuals on this device' })
    .first()
  await offline.waitFor({ timeout: 20_000 })
  await offline.getByText(/^Sources \(\d+\)$/).click()
  expect(await offline.getByRole('link').count()).toBeGreaterThan(0)
  const conversationId = new URL(page.url()).searchParams.get('conversation')
  // A source opens in the viewer at sea, from the manual kept on the device.
  const sourceTitle = (await offline.getByRole('link').first().textContent()) ?? ''
  await offline.getByRole('link').first().click()
  await page.waitForURL(/\/t\/demo\/documents\//)
  await page.getByRole('heading', { name: sourceTitle }).first().waitFor()
  expect(await page.getByText('Document unavailable').count()).toBe(0)
  await page.goBack()
  await composer.waitFor()

  // An off-topic question gets "nothing relevant" on the device too.
  await composer.fill('Best pizza recipe in Antibes harbour?')
  await composer.press('Enter')
  await page
    .getByRole('article', { name: 'Expert answer' })
    .filter({ hasText: 'I could not find anything about this' })
    .waitFor({ timeout: 20_000 })

  await context.setOffline(false)
  // Back in range: each question reaches the server once and its answer arrives beside the offline one.
  await expect
    .poll(
      async () => {
        const res = await context.request.get(`/api/t/demo/conversations/${conversationId}`)
        if (!res.ok()) return -1
        const messages = ((await res.json()) as { messages: ServerMessage[] }).messages
        return messages.filter((m) => m.role === 'assistant').length
      },
      { timeout: 45_000 },
    )
    .toBe(2)
  const res = await context.request.get(`/api/t/demo/conversations/${conversationId}`)
  const messages = ((await res.json()) as { messages: ServerMessage[] }).messages
  expect(messages.filter((m) => m.role === 'user' && m.content.includes('high temperature alarm'))).toHaveLength(1)
  await expect.poll(() => page.getByRole('article', { name: 'Expert answer' }).count(), { timeout: 30_000 }).toBe(4)
  // The offline answers stay, marked as such, beside the server's.
  expect(
    await page
      .getByRole('article', { name: 'Expert answer' })
      .filter({ hasText: 'Answered offline from the manuals on this device' })
      .count(),
  ).toBe(2)
  expect(pageErrors).toEqual([])
  expect(policyViolations).toEqual([])
  await context.close()
}, 150_000)

test("an Admin marks an expert to be kept on every device, and a technician's tablet gets its manuals unasked", async () => {
  const admin = await openPage(browser(), 'tablet')
  await signInAs(admin.page, USERS.admin.email)
  await admin.page.goto('/t/demo/admin')
  await admin.page.getByRole('tab', { name: 'Expert Models' }).click()
  const form = admin.page.getByRole('form', { name: 'Furuno Expert' })
  const keep = form.getByLabel("Keep this expert's manuals on every device, for answers at sea")
  await keep.check()
  await form.getByRole('button', { name: 'Save Model' }).click()
  await admin.page.locator('.toast').getByText('Model configuration updated').waitFor()

  const tech = await openPage(browser(), 'portrait')
  await signInAs(tech.page, USERS.tech.email)
  await tech.page.goto('/t/demo/ask/furuno')
  await tech.page.getByText(/^Available offline · .* · \d+ manuals · updated/).waitFor({ timeout: 45_000 })
  expect(tech.pageErrors).toEqual([])
  await tech.context.close()

  // Back as it was, for the other browser tests. The save is an outbox write: wait until the
  // server has it (a toast says only that the device saved it), or closing the page loses it.
  await keep.uncheck()
  await form.getByRole('button', { name: 'Save Model' }).click()
  await expect
    .poll(async () => {
      const res = await admin.context.request.get('/api/t/demo/admin/config')
      return ((await res.json()) as { models?: { furuno?: { keepOnDevices?: boolean } } }).models?.furuno?.keepOnDevices
    })
    .toBe(false)
  await admin.context.close()
}, 120_000)

test('a manual the Admin deletes leaves the technician’s device at the next sync', async () => {
  const admin = await openPage(browser(), 'tablet')
  await signInAs(admin.page, USERS.admin.email)
  const id = await addManualAsAdmin(admin.context, 'seakeeper', {
    name: 'Deck hatch notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Deck hatch\n\nThe deck hatch gasket over the gyro is replaced every season.'),
  })

  const tech = await openPage(browser(), 'portrait')
  await signInAs(tech.page, USERS.tech.email)
  await tech.page.goto('/t/demo/ask/seakeeper')
  await tech.page.getByRole('button', { name: 'Download for offline use' }).click()
  const status = tech.page.getByText(/^Available offline · .* · \d+ manuals · updated/)
  await status.waitFor({ timeout: 30_000 })
  const manuals = async () => Number(/· (\d+) manuals/.exec((await status.textContent()) ?? '')?.[1])
  const before = await manuals()

  expect((await admin.context.request.delete(`/api/t/demo/documents/${id}`)).status()).toBe(204)
  // The next sync (here: opening the app again) carries the library's new state, and the copy follows.
  await tech.page.reload()
  await expect.poll(manuals, { timeout: 30_000 }).toBe(before - 1)
  expect(tech.pageErrors).toEqual([])
  await tech.context.close()
  await admin.context.close()
}, 120_000)

test('connected but no internet: after a few seconds without the server, the manuals on the device answer', async () => {
  const { context, page, pageErrors } = await openPage(browser(), 'portrait')
  await signInAs(page, USERS.tech.email)
  await page.goto('/t/demo/ask/seakeeper')
  await page.getByRole('button', { name: 'Download for offline use' }).click()
  await page.getByText(/^Available offline · /).waitFor({ timeout: 30_000 })
  await waitForSynced(page)

  // The boat's router is up, the satellite is not: every request fails, navigator.onLine stays true.
  const noInternet = (route: Route) => route.abort('internetdisconnected')
  await context.route('**/api/**', noInternet)
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  const question = 'How do I bleed air from the cooling loop after relaunch?'
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill(question)
  await composer.press('Enter')
  const offline = page
    .getByRole('article', { name: 'Expert answer' })
    .filter({ hasText: 'Answered offline from the manuals on this device' })
  await offline.first().waitFor({ timeout: 20_000 })
  const conversationId = new URL(page.url()).searchParams.get('conversation')

  await context.unroute('**/api/**', noInternet)
  await page
    .getByRole('button', { name: /^Sync status/ })
    .first()
    .click()
  await expect
    .poll(
      async () => {
        const res = await context.request.get(`/api/t/demo/conversations/${conversationId}`)
        if (!res.ok()) return []
        return ((await res.json()) as { messages: ServerMessage[] }).messages.map((m) => m.role)
      },
      { timeout: 45_000 },
    )
    .toEqual(['user', 'assistant'])
  expect(await offline.count()).toBe(1)
  expect(pageErrors).toEqual([])
  await context.close()
}, 120_000)

test('original PDFs kept by choice draw their pages at sea', async () => {
  const admin = await openPage(browser(), 'tablet')
  await signInAs(admin.page, USERS.admin.email)
  const id = await addManualAsAdmin(admin.context, 'furuno', {
    name: 'Scanner service sheet.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      tinyPdf(['Scanner service sheet: isolate the radar before opening the scanner.', 'Magnetron hours log.']),
    ),
  })

  const { context, page, pageErrors } = await openPage(browser(), 'portrait')
  await signInAs(page, USERS.tech.email)
  await waitForServiceWorker(page)
  await page.goto('/t/demo/ask/furuno')
  await page.getByLabel('Keep the original PDFs too, for the page view').check()
  await page.getByRole('button', { name: 'Download for offline use' }).click()
  await page.getByText(/^Available offline · /).waitFor({ timeout: 30_000 })
  await page.getByText(/Keep the original PDFs too, for the page view \(\d/).waitFor()

  await context.setOffline(true)
  await page.goto(`/t/demo/documents/${id}?page=1`)
  await page.getByRole('heading', { name: 'Scanner service sheet' }).first().waitFor()
  const canvas = page.getByRole('img', { name: 'Page 1 of the manual' })
  await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width), { timeout: 20_000 }).toBeGreaterThan(0)
  expect(await page.getByText('This page could not be drawn').count()).toBe(0)
  expect(pageErrors).toEqual([])
  await context.close()

  expect((await admin.context.request.delete(`/api/t/demo/documents/${id}`)).status()).toBe(204)
  await admin.context.close()
}, 120_000)
