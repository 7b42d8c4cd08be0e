/**
 * The offline promises of docs/PRODUCT.md in a real browser: the app opens with no network and shows
 * the data it synced, and changes made offline survive closing the tab, reach the server when
 * the network returns, and are applied once even when the server's answer is lost.
 */
import type { BrowserContext } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  addCaseNote,
  browserForThisFile,
  dumpOutboxes,
  openPage,
  signInAs,
  USERS,
  visibleText,
  waitForServiceWorker,
  waitForSynced,
} from './harness.ts'

const browser = browserForThisFile()

interface CaseRow {
  id: string
  title: string
  status: string
  description: string
}

async function serverCase(context: BrowserContext, id: string): Promise<CaseRow> {
  const res = await context.request.get(`/api/t/demo/cases/${id}`)
  expect(res.ok()).toBe(true)
  return (await res.json()) as CaseRow
}

async function openCaseWithStatus(context: BrowserContext, status: string): Promise<CaseRow> {
  const res = await context.request.get('/api/t/demo/cases')
  const found = ((await res.json()) as CaseRow[]).find((c) => c.status === status)
  if (!found) throw new Error(`The demo seed has no ${status} case.`)
  return found
}

interface PushAnswer {
  results: { mid: string; status: string }[]
}

const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1

describe('offline', () => {
  test.each(['phone', 'tablet'] as const)(
    'the app starts at %s size with no network and shows the cases it synced',
    async (viewport) => {
      const { context, page } = await openPage(browser(), viewport)
      await signInAs(page, USERS.tech.email)
      await waitForServiceWorker(page)
      const { title } = await openCaseWithStatus(context, 'Open')
      await page.goto('/t/demo/cases')
      await visibleText(page, title).waitFor()

      await context.setOffline(true)
      await page.reload()
      await visibleText(page, title).waitFor()
      await page.goto('/t/demo')
      await page.getByText('Welcome back, Taylor').waitFor()
      await context.close()
    },
  )

  test('a question and a case note typed but not sent are still there after an offline reload', async () => {
    const { context, page, pageErrors } = await openPage(browser(), 'portrait')
    await signInAs(page, USERS.tech.email)
    await waitForServiceWorker(page)
    await waitForSynced(page)
    const target = await openCaseWithStatus(context, 'Open')
    await page.goto('/t/demo/ask/seakeeper')
    const question = page.getByRole('textbox', { name: 'Message' })
    await question.pressSequentially('Flow alarm after 40 minutes at anchor')
    await context.setOffline(true)
    await question.pressSequentially(', strainer looks clean')
    await page.reload()
    await expect.poll(() => question.inputValue()).toBe('Flow alarm after 40 minutes at anchor, strainer looks clean')

    await page.goto(`/t/demo/cases/${target.id}`)
    const note = page.getByRole('textbox', { name: 'Note', exact: true })
    await note.pressSequentially('Impeller vanes cracked')
    await page.reload()
    await expect.poll(() => note.inputValue()).toBe('Impeller vanes cracked')
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('a status change and a note made offline survive a closed tab and reach the server once', async () => {
    const { context, page } = await openPage(browser())
    await signInAs(page, USERS.tech.email)
    await waitForServiceWorker(page)
    const target = await openCaseWithStatus(context, 'Open')
    await page.goto(`/t/demo/cases/${target.id}`)
    await visibleText(page, target.title).waitFor()
    await waitForSynced(page)

    await context.setOffline(true)
    const note = `Offline note ${Date.now()}: replaced the seal kit.`
    await page.getByRole('combobox', { name: 'Status' }).selectOption('In-Progress')
    await addCaseNote(page, note)
    await page.close()

    const reopened = await context.newPage()
    await reopened.goto(`/t/demo/cases/${target.id}`)
    await visibleText(reopened, note)
      .waitFor()
      .catch(async (error: Error) => {
        const shown = await reopened.locator('body').textContent()
        throw new Error(`${error.message}\nPage: ${shown}\nOutboxes: ${JSON.stringify(await dumpOutboxes(reopened))}`)
      })
    expect(await reopened.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('In-Progress')
    expect((await serverCase(context, target.id)).status).toBe('Open')

    await context.setOffline(false)
    await expect
      .poll(async () => (await serverCase(context, target.id)).description, { timeout: 30_000 })
      .toContain(note)
    const after = await serverCase(context, target.id)
    expect(after.status).toBe('In-Progress')
    expect(occurrences(after.description, note)).toBe(1)
    await context.close()
  })

  test('a push whose answer is lost after the server committed is not applied twice', async () => {
    const { context, page } = await openPage(browser())
    await signInAs(page, USERS.tech.email)
    const target = await openCaseWithStatus(context, 'Open')
    await page.goto(`/t/demo/cases/${target.id}`)
    await visibleText(page, target.title).waitFor()

    // The first push reaches the server and commits; its answer is then cut off. Later pushes pass.
    const pushes: { mids: string[]; answer?: PushAnswer }[] = []
    await context.route('**/sync/push', async (route) => {
      const body = route.request().postDataJSON() as { mutations: { mid: string }[] }
      const push: (typeof pushes)[number] = { mids: body.mutations.map((m) => m.mid) }
      pushes.push(push)
      const response = await route.fetch()
      if (pushes.length === 1) return route.abort('connectionreset')
      push.answer = (await response.json()) as PushAnswer
      await route.fulfill({ response })
    })
    const note = `Note with a lost answer ${Date.now()}`
    await addCaseNote(page, note)

    await expect.poll(() => pushes.length, { timeout: 15_000 }).toBeGreaterThan(0)
    const lostMids = pushes[0]?.mids ?? []
    expect(lostMids.length).toBeGreaterThan(0)
    // The drainer must resend what it never heard back about; the server recognises it.
    await expect
      .poll(
        () =>
          pushes
            .slice(1)
            .flatMap((p) => p.answer?.results ?? [])
            .filter((r) => lostMids.includes(r.mid))
            .map((r) => r.status),
        { timeout: 30_000 },
      )
      .toEqual(lostMids.map(() => 'duplicate'))
    expect(occurrences((await serverCase(context, target.id)).description, note)).toBe(1)
    await page.reload()
    await visibleText(page, note).waitFor()
    await context.close()
  })
})
