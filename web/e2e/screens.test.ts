import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  accessibilityViolations,
  browserForThisFile,
  DEMO_ROLES,
  openPage,
  signInAs,
  USERS,
  VIEWPORTS,
  type ViewportName,
  visibleText,
} from './harness.ts'

const browser = browserForThisFile()

type Role = (typeof DEMO_ROLES)[number]['role']
interface Screen {
  path: (ids: { caseId: string; caseTitle: string }) => string
  /** The screen's main heading (a function of the ids for the case detail). */
  heading: string | RegExp | ((ids: { caseTitle: string }) => string)
  /** More visible texts that prove the screen rendered (the product's literal strings). */
  shows?: string[]
  /** What given roles see instead of `shows`. */
  showsFor?: Partial<Record<Role, string[]>>
  /** Roles that are sent elsewhere instead, and where to. */
  redirects?: Partial<Record<Role, RegExp>>
}

const SCREENS: Record<string, Screen> = {
  home: { path: () => '/t/demo/', heading: /^Welcome back, / },
  'electronics expert landing': { path: () => '/t/demo/furuno', heading: 'Furuno Electronics Expert' },
  'seakeeper chat': { path: () => '/t/demo/ask/seakeeper', heading: 'Seakeeper Expert', shows: ['Query Suggestions'] },
  'furuno chat': { path: () => '/t/demo/ask/furuno', heading: 'Furuno Expert', shows: ['Query Suggestions'] },
  'master coming soon': { path: () => '/t/demo/ask/master', heading: /Master Expert/, shows: ['Coming Soon'] },
  'case list': { path: () => '/t/demo/cases', heading: 'Cases' },
  'case list, any case and trailing slash': { path: () => '/T/Demo/CASES/', heading: 'Cases' },
  'case detail': {
    path: ({ caseId }) => `/t/demo/cases/${caseId}`,
    heading: ({ caseTitle }) => caseTitle,
    shows: [
      'Case Details',
      'Add Notes',
      'Information',
      'Vessel and Equipment',
      'Photos and Files',
      'Customer Signature',
      'Create Training',
      'Share Case',
      'Export PDF',
    ],
  },
  'absent case': {
    path: () => '/t/demo/cases/no-such-case',
    heading: 'Case not found',
    shows: ['The requested case could not be found.'],
  },
  'training builder': { path: () => '/t/demo/training', heading: 'Training Builder', shows: ['New Training Set'] },
  'assign training': { path: () => '/t/demo/training/assign', heading: 'Assign Training' },
  'my training': { path: () => '/t/demo/training/mine', heading: 'My Training' },
  reports: {
    path: () => '/t/demo/reports',
    heading: 'Reports & Analytics',
    shows: ['Top Searches', 'Low Confidence Topics', 'Training Progress', 'Expert Usage'],
  },
  admin: {
    path: () => '/t/demo/admin',
    heading: 'Admin Settings',
    shows: ['Branding', 'Expert Models', 'Users', 'System'],
    redirects: { Technician: /\/t\/demo\/?$/ },
  },
  'unknown route': {
    path: () => '/t/demo/no/such/screen',
    heading: 'Page Not Found',
    shows: ['Please check the URL and try again.'],
  },
}

async function firstCase(context: BrowserContext): Promise<{ caseId: string; caseTitle: string }> {
  const res = await context.request.get('/api/t/demo/cases')
  const [first] = (await res.json()) as { id: string; title: string }[]
  if (!first) throw new Error('The demo seed has no case to open.')
  return { caseId: first.id, caseTitle: first.title }
}

/**
 * How far the page scrolls sideways. Against the layout viewport (`clientWidth`): on a phone
 * (`isMobile`) a too-wide page widens `innerWidth` with it, so that comparison never fails.
 */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

async function expectTexts(page: Page, texts: string[], where: string) {
  for (const text of texts) {
    await page
      .getByText(text, { exact: false })
      .filter({ visible: true })
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 })
      .catch(() => {
        throw new Error(`${where}: "${text}" did not appear`)
      })
  }
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('every screen at %s size', (viewport) => {
  test.each(DEMO_ROLES)('$role walks every route of the spec', async (user) => {
    const { context, page, pageErrors } = await openPage(browser(), viewport)
    await signInAs(page, user.email)
    const ids = await firstCase(context)
    const inaccessible: string[] = []
    for (const [name, screen] of Object.entries(SCREENS)) {
      await page.goto(screen.path(ids))
      const redirect = screen.redirects?.[user.role]
      if (redirect) {
        await page.waitForURL(redirect)
        continue
      }
      const heading = typeof screen.heading === 'function' ? screen.heading(ids) : screen.heading
      await page
        .getByRole('heading', { name: heading })
        .waitFor({ timeout: 20_000 })
        .catch(() => {
          throw new Error(`${name} as ${user.role}: no heading ${heading}`)
        })
      await expectTexts(page, screen.showsFor?.[user.role] ?? screen.shows ?? [], `${name} as ${user.role}`)
      expect(await sideways(page), `${name} as ${user.role} scrolls sideways`).toBeLessThanOrEqual(0)
      inaccessible.push(...(await accessibilityViolations(page)).map((v) => `${name} as ${user.role}: ${v}`))
    }
    expect(inaccessible).toEqual([])
    expect(pageErrors).toEqual([])
    await context.close()
  })
})

describe('phone layout', () => {
  test('on Training, the My training list and the drafting cards below it do not touch', async () => {
    const { context, page } = await openPage(browser(), 'phone')
    await signInAs(page, USERS.tech.email)
    await page.goto('/t/demo/training')
    await page.getByRole('list', { name: 'My training' }).getByRole('link').first().waitFor()
    const gap = await page.evaluate(() => {
      const list = document.querySelector('ul[aria-label="My training"]')?.getBoundingClientRect()
      const cards = document.querySelector('.card-grid')?.getBoundingClientRect()
      return list && cards ? cards.top - list.bottom : null
    })
    expect(gap).toBeGreaterThanOrEqual(8)
    await context.close()
  })

  test('Assign Training keeps its cards inside the page and the results table inside its dialog', async () => {
    const { context, page, pageErrors } = await openPage(browser(), 'phone')
    await signInAs(page, USERS.manager.email)
    await page.goto('/t/demo/training/assign')
    await page.getByRole('button', { name: 'Results' }).first().waitFor()
    // Each card ends where the page's padding starts, as far from the right edge as from the left.
    const margins = await page.evaluate(() =>
      [...document.querySelectorAll('.detail-main > .card')].map((card) => {
        const { left, right } = card.getBoundingClientRect()
        return Math.round(document.documentElement.clientWidth - right - left)
      }),
    )
    expect(margins.length).toBeGreaterThan(0)
    for (const margin of margins) expect(margin, 'right margin minus left margin').toBe(0)

    await page.getByRole('button', { name: 'Results' }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('table').waitFor()
    const sticksOut = await dialog.evaluate((d) => {
      const edge = d.getBoundingClientRect().right
      const clip = d.querySelector('.table-scroll')?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY
      return Math.round(clip - edge)
    })
    expect(sticksOut, 'the results table reaches past its dialog').toBeLessThan(0)
    expect(pageErrors).toEqual([])
    await context.close()
  })
})

describe('admin rules', () => {
  test('on a phone, every Admin Settings tab fits the screen (wide tables scroll inside their card)', async () => {
    const { context, page, pageErrors } = await openPage(browser(), 'phone')
    await signInAs(page, USERS.admin.email)
    await page.goto('/t/demo/admin')
    const shown = { Users: 'tech@demo.local', Knowledge: 'Upload documents' } as Record<string, string>
    for (const tab of ['Branding', 'Expert Models', 'Users', 'System', 'Knowledge']) {
      await page.getByRole('tab', { name: tab }).click()
      await visibleText(page, shown[tab] ?? tab).waitFor()
      expect(await sideways(page), `the ${tab} tab scrolls sideways`).toBeLessThanOrEqual(0)
    }
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('only an admin manages user roles, and never their own', async () => {
    for (const user of DEMO_ROLES.filter((u) => u.role !== 'Technician')) {
      const { context, page } = await openPage(browser())
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
      if (user.role === 'Admin') {
        // The server's own figures, read from GET /admin/system.
        const server = page.getByRole('definition').filter({ hasText: /documents, \d+ passages/ })
        await server.waitFor()
        expect(await server.textContent()).toMatch(/^\d+ documents/)
        await page
          .getByText(/^openai:gpt-4o-mini: The server has no key for openai\. Last 7 days:/)
          .first()
          .waitFor()
        await page.getByText('Recent errors').waitFor()
      }
      await context.close()
    }
  })
})
