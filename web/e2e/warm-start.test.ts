/**
 * A warm start draws the last view of the screen kept on this device before the app's code has
 * loaded (app/last-view), offline too; the live screen then takes over. The kept view belongs to
 * its user: hostile storage runs nothing, and sign-out leaves none behind.
 */
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  browserForThisFile,
  openPage,
  signInAs,
  USERS,
  visibleText,
  waitForServiceWorker,
  waitForSynced,
} from './harness.ts'

const browser = browserForThisFile()

const keptViewKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mw:view:')))

const mark = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByName(n)[0]?.startTime ?? null, name)

async function openCasesAndLeave(page: Page) {
  await page.goto('/t/demo/cases')
  await waitForSynced(page)
  await page.locator('a.case-row').first().waitFor()
  await page.goto('/t/demo')
}

describe('warm start from the kept last view', () => {
  test('offline, the cases show from the kept view at once, then the live screen takes over', async () => {
    const { context, page, pageErrors, policyViolations } = await openPage(browser())
    await signInAs(page, USERS.tech.email)
    await waitForServiceWorker(page)
    await openCasesAndLeave(page)
    expect(await keptViewKeys(page)).toContainEqual(expect.stringMatching(/^mw:view:[^:]+:demo:\/t\/demo\/cases$/))

    await context.setOffline(true)
    const started = await context.newPage()
    await started.goto('/t/demo/cases')
    await started.waitForFunction(() => performance.getEntriesByName('mw:rows-live:cases').length > 0)
    const restored = await mark(started, 'mw:view-restored')
    const rows = await mark(started, 'mw:rows:cases')
    const live = await mark(started, 'mw:rows-live:cases')
    expect(restored).not.toBeNull()
    expect(rows).not.toBeNull()
    expect(rows ?? Number.NaN).toBeLessThanOrEqual(live ?? Number.NaN)
    // The app's code starts only once the frame with the kept rows is out.
    expect(rows ?? Number.NaN).toBeLessThanOrEqual((await mark(started, 'mw:app-started')) ?? Number.NaN)
    // The live screen replaced the kept one: nothing inert is left, and its rows open a case.
    await expect.poll(() => started.locator('#root [inert]').count()).toBe(0)
    await started.locator('a.case-row').first().click()
    await started.waitForURL(/\/t\/demo\/cases\/[^/?]+/)
    expect(pageErrors).toEqual([])
    expect(policyViolations).toEqual([])
    await context.close()
  })

  test('a tampered kept view draws no script, handler or foreign link', async () => {
    const { context, page, policyViolations } = await openPage(browser())
    await signInAs(page, USERS.tech.email)
    await waitForServiceWorker(page)
    await openCasesAndLeave(page)
    const key = (await keptViewKeys(page)).find((k) => k.endsWith(':/t/demo/cases'))
    const dialogs: string[] = []
    await page.evaluate(
      ({ key }) => {
        const hostile = [
          ['script', {}, ['window.pwned = 1']],
          ['img', { src: '/nowhere.png', onerror: 'window.pwned = 2' }, []],
          ['a', { href: 'javascript:alert(1)', onclick: 'window.pwned = 3', class: 'bait' }, ['Open me']],
          ['div', { class: 'kept' }, ['Kept text']],
        ]
        const build = document.querySelector('link[data-app-entry]')?.getAttribute('href')
        localStorage.setItem(key, JSON.stringify({ rows: 'cases', build, tree: hostile }))
      },
      { key: key ?? '' },
    )
    const started = await context.newPage()
    started.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await started.goto('/t/demo/cases')
    await started.waitForFunction(() => performance.getEntriesByName('mw:view-restored').length > 0)
    await started.waitForFunction(() => performance.getEntriesByName('mw:rows-live:cases').length > 0)
    expect(await started.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(policyViolations).toEqual([])
    await context.close()
  })

  test('with storage refused, no kept view is drawn and the app still starts at once', async () => {
    const { context, page, pageErrors } = await openPage(browser())
    await signInAs(page, USERS.tech.email)
    await waitForServiceWorker(page)
    await openCasesAndLeave(page)
    // Storage the browser refuses outright (a privacy setting): every read of it throws.
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The user denied storage', 'SecurityError')
        },
      })
    })
    const started = await context.newPage()
    started.on('pageerror', (error) => pageErrors.push(error))
    await started.goto('/t/demo/cases')
    await started.locator('a.case-row').first().waitFor()
    expect(await mark(started, 'mw:view-restored')).toBeNull()
    expect(await mark(started, 'mw:app-started')).not.toBeNull()
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('sign-out leaves no kept view, and the next person sees none of the last one', async () => {
    const { context, page } = await openPage(browser())
    await signInAs(page, USERS.tech.email)
    await waitForServiceWorker(page)
    await openCasesAndLeave(page)
    expect((await keptViewKeys(page)).length).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Log out' }).first().click()
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor()
    expect(await keptViewKeys(page)).toEqual([])

    await signInAs(page, USERS.manager.email)
    await page.goto('/t/demo/cases')
    await visibleText(page, 'Cases').waitFor()
    expect(await mark(page, 'mw:view-restored')).toBeNull()
    await context.close()
  })
})
