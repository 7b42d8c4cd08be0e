import { expect, test } from 'vitest'
import { accessibilityViolations, browserForThisFile, openPage, signInAs, USERS } from './harness.ts'

const browser = browserForThisFile()

test('a Manager reads the reports for a range of days, with questions per day drawn as a chart', async () => {
  const { context, page, pageErrors, policyViolations } = await openPage(browser(), 'portrait')
  await signInAs(page, USERS.manager.email)
  // One question today, so the chart has something to draw.
  await page.goto('/t/demo/ask/furuno')
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill('Radar overlay missing on the plotter after an update')
  await composer.press('Enter')
  await page.getByRole('article', { name: 'Expert answer' }).first().waitFor({ timeout: 30_000 })

  await page.goto('/t/demo/reports')
  await page.getByRole('heading', { name: 'Questions per Day' }).waitFor()
  expect(await page.locator('main').textContent()).not.toMatch(/tenant/i)
  await page.locator('.activity-chart canvas').waitFor()
  const allTime = await page
    .getByRole('img', { name: /^Questions per day: \d+ in \d+ days$/ })
    .getAttribute('aria-label')

  await page.getByRole('button', { name: 'Last 7 days' }).click()
  await expect.poll(() => page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true')
  const week = page.getByRole('img', { name: /^Questions per day: \d+ in 7 days$/ })
  await week.waitFor()
  const asked = Number((await week.getAttribute('aria-label'))?.match(/: (\d+) in/)?.[1])
  expect(asked).toBeGreaterThanOrEqual(1)
  expect(await page.locator('.activity-chart table.sr-only tbody tr').count()).toBe(7)
  expect(allTime).not.toBeNull()

  const today = new Date().toISOString().slice(0, 10)
  await page.getByLabel('From').fill(today)
  await page.getByRole('img', { name: /^Questions per day: \d+ in 1 days$/ }).waitFor()
  const totalTile = page.locator('.tile').filter({ hasText: 'Total Queries' }).locator('.tile-value')
  expect(Number(await totalTile.textContent())).toBeGreaterThanOrEqual(1)
  expect(await accessibilityViolations(page)).toEqual([])
  // The knowledge gaps lead to where the missing manuals are added.
  await page.getByRole('link', { name: 'Add the missing manuals' }).click()
  await page.getByRole('tab', { name: 'Knowledge', selected: true }).waitFor()
  expect(pageErrors).toEqual([])
  expect(policyViolations).toEqual([])
  await context.close()
}, 90_000)
