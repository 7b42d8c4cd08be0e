import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { browserForThisFile, DEMO_ROLES, openPage, signInAs, USERS, VIEWPORTS, type ViewportName } from './harness.ts'

const browser = browserForThisFile()

/** On phones and upright tablets the navigation is a drawer behind the mobile header's menu button. */
async function showNav(page: Page, viewport: ViewportName) {
  if (viewport !== 'tablet') await page.getByRole('button', { name: 'Open navigation' }).click()
  return page.getByRole('navigation', { name: 'Main navigation' })
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('at %s size', (viewport) => {
  test.each(DEMO_ROLES)(
    '$role $email signs in, is welcomed by name on /t/demo and sees Admin only if allowed',
    async (user) => {
      const { context, page, pageErrors } = await openPage(browser(), viewport)
      await signInAs(page, user.email)
      expect(new URL(page.url()).pathname).toBe('/t/demo')
      await page.getByText(`Welcome back, ${user.firstName}`).waitFor()

      const nav = await showNav(page, viewport)
      await nav.locator('.nav-profile').getByText(user.role, { exact: true }).waitFor()
      const adminLinks = nav.getByRole('link', { name: 'Admin' })
      expect(await adminLinks.count()).toBe(user.role === 'Technician' ? 0 : 1)
      expect(await nav.getByText('Coming Soon').isVisible()).toBe(true)
      expect(pageErrors).toEqual([])
      await context.close()
    },
  )
})

describe('the navigation drawer on an upright tablet', () => {
  test('holds keyboard focus while open, and Escape gives it back to the menu button', async () => {
    const { context, page, pageErrors } = await openPage(browser(), 'portrait')
    await signInAs(page, USERS.tech.email)
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')
    // In the drawer, or past its end in the browser's own controls (the body holds focus meanwhile).
    const inNav = () =>
      page.evaluate(
        () => document.activeElement === document.body || Boolean(document.activeElement?.closest('#side-nav')),
      )
    await page.getByRole('button', { name: 'Open navigation' }).click()
    await expect.poll(focused).toBe('Close navigation')
    // Tabbing never leaves the drawer for the page hidden behind its overlay.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab')
      expect(await inNav()).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(focused).toBe('Open navigation')
    expect(await page.evaluate(() => document.getElementById('main')?.inert)).toBe(false)
    expect(pageErrors).toEqual([])
    await context.close()
  })
})

describe('permissions in the browser', () => {
  test('a technician who opens /admin is sent back to the tenant home', async () => {
    const { context, page } = await openPage(browser())
    await signInAs(page, USERS.tech.email)
    await page.goto('/t/demo/admin')
    await page.waitForURL(/\/t\/demo\/?$/)
    await page.getByText('Welcome back, Taylor').waitFor()
    await context.close()
  })

  test('harbor users land on /t/harbor and cannot read demo, in the page or through the API', async () => {
    const { context, page } = await openPage(browser())
    await signInAs(page, USERS.harborTech.email)
    expect(new URL(page.url()).pathname).toBe('/t/harbor')
    await page.getByText('Welcome back, Hayden').waitFor()

    const demoCases = await context.request.get('/api/t/demo/cases')
    expect(demoCases.status()).toBe(404)
    const harborCases = await context.request.get('/api/t/harbor/cases')
    expect(harborCases.status()).toBe(200)

    await page.goto('/t/demo/cases')
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
    await page.waitForLoadState('networkidle')
    const demoTitles = await demoCaseTitles()
    for (const title of demoTitles) expect(await page.getByText(title).count(), title).toBe(0)
    await context.close()
  })
})

describe('sign-out', () => {
  test('Log out ends the session and shows the landing page again', async () => {
    const { context, page } = await openPage(browser(), 'phone')
    await signInAs(page, USERS.manager.email)
    await page.getByText('Welcome back, Morgan').waitFor()
    const nav = await showNav(page, 'phone')
    await nav.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Sign In' }).waitFor()
    expect((await context.request.get('/api/auth/user')).status()).toBe(401)
    await context.close()
  })
})

/** The seeded demo case titles, read as the demo admin, so the harbor check knows what to look for. */
async function demoCaseTitles(): Promise<string[]> {
  const { context, page } = await openPage(browser())
  await signInAs(page, USERS.admin.email)
  const res = await context.request.get('/api/t/demo/cases')
  const cases = (await res.json()) as { title: string }[]
  await context.close()
  expect(cases.length).toBeGreaterThan(0)
  return cases.map((c) => c.title)
}
