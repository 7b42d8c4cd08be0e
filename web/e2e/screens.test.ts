import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_ROLES, launchBrowser, openPage, signInAs, VIEWPORTS, type ViewportName } from './harness.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Role = (typeof DEMO_ROLES)[number]['role']
interface Screen {
  path: (ids: { caseId: string }) => string
  /** Texts that prove the screen rendered (SPEC.md's literal strings). */
  shows: string[]
  /** Roles that are sent elsewhere instead, and where to. */
  redirects?: Partial<Record<Role, RegExp>>
}

const SCREENS: Record<string, Screen> = {
  home: { path: () => '/t/demo/', shows: ['Welcome back'] },
  'electronics expert landing': { path: () => '/t/demo/furuno', shows: ['Furuno'] },
  'seakeeper chat': { path: () => '/t/demo/ask/seakeeper', shows: ['Query Suggestions'] },
  'furuno chat': { path: () => '/t/demo/ask/furuno', shows: ['Query Suggestions'] },
  'master coming soon': { path: () => '/t/demo/ask/master', shows: ['Coming Soon'] },
  'case list': { path: () => '/t/demo/cases', shows: ['All Status'] },
  'case list, any case and trailing slash': { path: () => '/T/Demo/CASES/', shows: ['All Status'] },
  'case detail': {
    path: ({ caseId }) => `/t/demo/cases/${caseId}`,
    shows: ['Case Details', 'Add Notes', 'Information'],
  },
  'absent case': {
    path: () => '/t/demo/cases/no-such-case',
    shows: ['Case not found', 'The requested case could not be found.'],
  },
  'training builder': { path: () => '/t/demo/training', shows: ['New Training Set'] },
  'assign training': { path: () => '/t/demo/training/assign', shows: ['Assign'] },
  reports: { path: () => '/t/demo/reports', shows: ['Reports & Analytics', 'Top Searches', 'Expert Usage'] },
  admin: {
    path: () => '/t/demo/admin',
    shows: ['Admin Settings', 'Branding', 'Expert Models', 'Users', 'System'],
    redirects: { Technician: /\/t\/demo\/?$/ },
  },
  'unknown route': {
    path: () => '/t/demo/no/such/screen',
    shows: ['Page Not Found', 'Please check the URL and try again.'],
  },
}

async function firstCaseId(context: BrowserContext): Promise<string> {
  const res = await context.request.get('/api/t/demo/cases')
  const [first] = (await res.json()) as { id: string }[]
  if (!first) throw new Error('The demo seed has no case to open.')
  return first.id
}

async function expectTexts(page: Page, texts: string[], where: string) {
  for (const text of texts) {
    await page
      .getByText(text, { exact: false })
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 })
      .catch(() => {
        throw new Error(`${where}: "${text}" did not appear`)
      })
  }
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('every screen at %s size', (viewport) => {
  test.each(DEMO_ROLES)('$role walks every route of the spec', async (user) => {
    const { context, page, pageErrors } = await openPage(browser, viewport)
    await signInAs(page, user.email)
    const ids = { caseId: await firstCaseId(context) }
    for (const [name, screen] of Object.entries(SCREENS)) {
      await page.goto(screen.path(ids))
      const redirect = screen.redirects?.[user.role]
      if (redirect) await page.waitForURL(redirect)
      else await expectTexts(page, screen.shows, `${name} as ${user.role}`)
    }
    expect(pageErrors).toEqual([])
    await context.close()
  })
})

describe('admin rules', () => {
  test('only an admin manages user roles, and never their own', async () => {
    for (const user of DEMO_ROLES.filter((u) => u.role !== 'Technician')) {
      const { context, page } = await openPage(browser)
      await signInAs(page, user.email)
      await page.goto('/t/demo/admin')
      await page.getByRole('tab', { name: 'Users' }).click()
      if (user.role === 'Manager') {
        await expectTexts(
          page,
          ['Admin Access Required', 'Only administrators can manage user roles.'],
          'manager users tab',
        )
      } else {
        const own = page.getByRole('row').filter({ hasText: user.email })
        await own.waitFor()
        expect(await own.getByRole('combobox').isDisabled()).toBe(true)
        const other = page.getByRole('row').filter({ hasText: 'tech@demo.local' })
        expect(await other.getByRole('combobox').isDisabled()).toBe(false)
      }
      await page.getByRole('tab', { name: 'System' }).click()
      await expectTexts(page, ['v1.0.0', 'Production'], 'system tab')
      await context.close()
    }
  })
})
