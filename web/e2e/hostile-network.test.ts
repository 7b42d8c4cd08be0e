/**
 * Writes on the networks of a boat: "connected but no internet" (every request fails, or a Wi-Fi
 * sign-in page answers it, while navigator.onLine stays true), an answer stream cut mid-way, and a link that drops a random
 * share of requests. Every question reaches the server once and is answered once, the composer
 * keeps what was typed until it is saved, and the sync indicator never says "Synced" while
 * something waits.
 */
import type { BrowserContext, Page, Request, Route } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { addCaseNote, browserForThisFile, dumpOutboxes, openPage, signInAs, USERS, waitForSynced } from './harness.ts'

const browser = browserForThisFile()

interface ServerMessage {
  role: string
  content: string
  replyTo: string | null
}

async function serverMessages(context: BrowserContext, conversationId: string): Promise<ServerMessage[]> {
  const res = await context.request.get(`/api/t/demo/conversations/${conversationId}`)
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { messages: ServerMessage[] }).messages
}

const conversationOf = (page: Page) => new URL(page.url()).searchParams.get('conversation') ?? ''

async function ask(page: Page, question: string) {
  const composer = page.getByRole('textbox', { name: 'Message' })
  const send = page.getByRole('button', { name: 'Send message' })
  await composer.fill(question)
  // Sending waits while an answer streams in (the text stays); cleared only once the question is saved.
  await expect
    .poll(
      async () => {
        if ((await composer.inputValue()) !== '' && (await send.isEnabled())) await composer.press('Enter')
        return composer.inputValue()
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe('')
  await page.getByRole('article', { name: 'Your message' }).filter({ hasText: question }).waitFor()
}

const indicatorLabel = (page: Page) =>
  page.locator('button.sync-indicator').first().getAttribute('aria-label', { timeout: 5_000 })

async function openChat(page: Page) {
  await signInAs(page, USERS.tech.email)
  await waitForSynced(page)
  await page.goto('/t/demo/ask/seakeeper')
  await waitForSynced(page)
}

describe('on a hostile network', () => {
  test.each([
    ['every request fails', (route: Route) => route.abort('internetdisconnected')],
    [
      // A marina's Wi-Fi that wants a sign-in answers every request with its own page.
      'a Wi-Fi sign-in page answers every request',
      (route: Route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<html><body>Sign in to Marina Wi-Fi</body></html>',
        }),
    ],
  ])(
    'connected but no internet (%s): the question is kept, shown as waiting, and answered once when the link returns',
    async (_name, noInternet) => {
      const { context, page, pageErrors } = await openPage(browser())
      await openChat(page)
      await context.route('**/api/**', noInternet)
      expect(await page.evaluate(() => navigator.onLine)).toBe(true)

      const seen: string[] = []
      const note = (r: Request, outcome: string) => {
        if (r.url().includes('/api/'))
          seen.push(`${r.method()} ${r.url()} ${r.serviceWorker() ? '(service worker) ' : ''}${outcome}`)
      }
      context.on('requestfailed', (r) => note(r, 'failed'))
      context.on('requestfinished', (r) => note(r, 'reached the server'))

      const question = 'The gyro will not spool up after the shore power dropped. What do I check first?'
      await ask(page, question)
      await page
        .getByText(/Saved on this device/)
        .waitFor()
        .catch(async (error: Error) => {
          // Seen once in a full run and never alone: say what the screen, the outbox and the link did.
          const status = await page.getByRole('status').allTextContents()
          const outbox = JSON.stringify(await dumpOutboxes(page))
          throw new Error(
            `No "Saved on this device"; status ${JSON.stringify(status)}; outbox ${outbox}; requests:\n${seen.join('\n')}`,
            { cause: error },
          )
        })
      await expect.poll(() => indicatorLabel(page), { timeout: 20_000 }).toMatch(/Offline · 1 waiting/)
      // A reload on a dead link still shows the question: it lives on the device, not in a request.
      await page.reload()
      await page.getByRole('article', { name: 'Your message' }).filter({ hasText: question }).waitFor()

      await context.unroute('**/api/**', noInternet)
      // The sync's own backoff may deliver it first, and then the button is gone: either way it must arrive.
      await page
        .getByRole('button', { name: 'Retry now' })
        .click({ timeout: 5_000 })
        .catch(() => {})
      await page.getByRole('article', { name: 'Expert answer' }).first().waitFor({ timeout: 30_000 })
      await waitForSynced(page)
      const messages = await serverMessages(context, conversationOf(page))
      expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
      expect(messages[0]?.content).toContain('will not spool up')
      expect(pageErrors).toEqual([])
      await context.close()
    },
  )

  test('an answer stream cut mid-way is followed again and answered once', async () => {
    // Without a service worker: its Background Sync drain pulls outside the routes below and could
    // bring the stored answer before the app follows the stream.
    const { context, page, pageErrors } = await openPage(browser(), 'tablet', undefined, 'block')
    await openChat(page)
    let cuts = 0
    // The stored answer must not arrive by a pull before the app follows the stream (the local
    // answerer can finish first on a busy machine): pulls wait until the stream has been cut.
    let streamCut = () => {}
    const cut = new Promise<void>((resolve) => {
      streamCut = resolve
    })
    await context.route('**/sync/pull**', async (route) => {
      await Promise.race([cut, new Promise((resolve) => setTimeout(resolve, 20_000))])
      await route.continue()
    })
    await context.route('**/experts/seakeeper/stream', async (route) => {
      if (cuts > 0) return route.continue()
      cuts += 1
      // Deliver the first event of the real answer, then end the response as a dropped link would.
      const real = await route.fetch()
      const firstEvent = `${(await real.text()).split('\n\n')[0]}\n\n`
      await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: firstEvent })
      streamCut()
    })
    const question = 'How often should the seal cartridge be replaced on a Seakeeper 6?'
    await ask(page, question)
    await page.getByRole('article', { name: 'Expert answer' }).first().waitFor({ timeout: 30_000 })
    await waitForSynced(page)
    expect(cuts).toBe(1)
    await expect.poll(() => page.getByRole('article', { name: 'Expert answer' }).count()).toBe(1)
    const messages = await serverMessages(context, conversationOf(page))
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('with 30 % of requests dropped, every question reaches the server once and is answered once', async () => {
    const { context, page, pageErrors } = await openPage(browser())
    await openChat(page)
    // A fixed sequence, so a failure can be replayed: roughly every third request dies.
    let n = 0
    const drops = (route: Route) => (++n % 10 < 3 ? route.abort('connectionreset') : route.continue())
    await context.route('**/api/t/**', drops)

    const questions = [
      'What torque do the gyro mounting bolts take?',
      'Which oil grade goes into the Seakeeper 6 bearings?',
      'The display shows a motor drive fault. What now?',
    ]
    for (const question of questions) {
      await ask(page, question)
      const label = await indicatorLabel(page)
      const waiting = await page.getByText(/Saved on this device/).count()
      if (waiting > 0) expect(label).not.toBe('Sync status: Synced')
    }
    await context.unroute('**/api/t/**', drops)
    await waitForSynced(page)
    await expect
      .poll(() => page.getByRole('article', { name: 'Expert answer' }).count(), { timeout: 45_000 })
      .toBe(questions.length)

    const messages = await serverMessages(context, conversationOf(page))
    for (const question of questions) {
      expect(messages.filter((m) => m.role === 'user' && m.content.includes(question))).toHaveLength(1)
    }
    const questionIds = messages.filter((m) => m.role === 'assistant').map((m) => m.replyTo)
    expect(new Set(questionIds).size).toBe(questions.length)
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('with 30 % of requests dropped, a new case, its notes and a status change reach the server once', async () => {
    const { context, page, pageErrors } = await openPage(browser())
    await signInAs(page, USERS.tech.email)
    await waitForSynced(page)
    await page.goto('/t/demo/cases')
    let n = 0
    const drops = (route: Route) => (++n % 10 < 3 ? route.abort('connectionreset') : route.continue())
    await context.route('**/api/t/**', drops)

    const title = `Gimbal bearing noise ${Date.now()}`
    await page.getByRole('button', { name: 'New Case' }).first().click()
    await page.getByRole('textbox', { name: 'Title' }).fill(title)
    await page.getByRole('textbox', { name: 'Description' }).fill('Grinding at full spin.')
    await page.getByRole('button', { name: 'Create Case' }).click()
    await page.waitForURL(/\/t\/demo\/cases\/[0-9a-f-]+$/)
    const caseId = page.url().split('/').at(-1) ?? ''
    const notes = ['Greased the bearing.', 'Noise gone at half spin.']
    for (const note of notes) await addCaseNote(page, note)
    await page.getByRole('combobox', { name: 'Status' }).selectOption('In-Progress')

    await context.unroute('**/api/t/**', drops)
    await page
      .getByRole('button', { name: /^Sync status/ })
      .first()
      .waitFor()
    await waitForSynced(page)
    await expect(page.locator('.waiting-mark').count()).resolves.toBe(0)
    const res = await context.request.get(`/api/t/demo/cases/${caseId}`)
    const row = (await res.json()) as { title: string; status: string; description: string }
    expect(row.title).toBe(title)
    expect(row.status).toBe('In-Progress')
    for (const note of notes) expect(row.description.split(note).length - 1).toBe(1)
    const all = (await (await context.request.get('/api/t/demo/cases')).json()) as { title: string }[]
    expect(all.filter((c) => c.title === title)).toHaveLength(1)
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('a change saved with no internet shows it is waiting until the server has it', async () => {
    const { context, page } = await openPage(browser())
    await signInAs(page, USERS.tech.email)
    await waitForSynced(page)
    const cases = (await (await context.request.get('/api/t/demo/cases')).json()) as { id: string; title: string }[]
    const target = cases[0]
    if (!target) throw new Error('The demo seed has no cases.')
    await page.goto(`/t/demo/cases/${target.id}`)
    await page.getByRole('heading', { name: target.title }).waitFor()
    await waitForSynced(page)
    const noInternet = (route: Route) => route.abort('internetdisconnected')
    await context.route('**/api/**', noInternet)

    await addCaseNote(page, 'Checked the hydraulic brake.')
    const history = page.getByRole('region', { name: 'History' })
    await history.locator('.waiting-mark').first().waitFor()
    await expect.poll(() => indicatorLabel(page), { timeout: 20_000 }).toMatch(/waiting/)

    await context.unroute('**/api/**', noInternet)
    await page
      .getByRole('button', { name: /^Sync status/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Sync now' }).click()
    await page.keyboard.press('Escape')
    await waitForSynced(page)
    await expect.poll(() => history.locator('.waiting-mark').count(), { timeout: 20_000 }).toBe(0)
    await context.close()
  })
})
