import { describe, expect, test } from 'vitest'
import { baseUrl, browserForThisFile, openPage, VIEWPORTS, type ViewportName } from './harness.ts'

const browser = browserForThisFile()

const FEATURES = ['AI Expert Assistance', 'Case Management', 'Training Modules', 'Mobile-First']

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('signed-out visitor at %s size', (viewport) => {
  test('sees the landing page with the four features, and Sign In goes to /api/login', async () => {
    const { context, page, pageErrors } = await openPage(browser(), viewport)
    await page.goto('/')
    await page.waitForURL(/\/t\/demo$/)
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Marine Workbench' }).isVisible()).toBe(true)

    const toggle = page.getByRole('button', { name: 'Show features' })
    if (viewport === 'phone') await toggle.click()
    else expect(await toggle.isVisible()).toBe(false)
    for (const feature of FEATURES) {
      expect(await page.getByRole('heading', { name: feature }).isVisible(), feature).toBe(true)
    }

    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL(/\/api\/login\??$/)
    expect(await page.getByRole('heading', { name: 'Sign in to Marine Workbench' }).isVisible()).toBe(true)
    // The sign-in card fits the screen: nothing to scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS[viewport].width)
    expect(pageErrors).toEqual([])
    await context.close()
  })
})

test('a first visit shows the landing and signs in before any script runs (prerendered for a slow link)', async () => {
  const context = await browser().newContext({ baseURL: baseUrl(), javaScriptEnabled: false })
  const page = await context.newPage()
  const res = await page.goto('/t/demo')
  expect(res?.status()).toBe(200)
  await page.getByRole('heading', { level: 1, name: 'Marine Workbench' }).waitFor()
  for (const feature of FEATURES)
    expect(await page.getByRole('heading', { name: feature }).isVisible(), feature).toBe(true)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/api\/login/)
  expect(await page.getByRole('heading', { name: 'Sign in to Marine Workbench' }).isVisible()).toBe(true)
  await context.close()
})
