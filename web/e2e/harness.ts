/**
 * What every journey needs: one Chromium per test file, a fresh context per test at a named
 * viewport, sign-in through the real local sign-in page, and a guard that fails a test on an
 * uncaught page error.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Browser, type BrowserContext, chromium, type Page, type Worker } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

export const VIEWPORTS = {
  tablet: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  /** A tablet held upright, as in an engine room: touch, and the navigation becomes a drawer. */
  portrait: { width: 800, height: 1280 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

export const USERS = {
  admin: { email: 'admin@demo.local', firstName: 'Avery', role: 'Admin' },
  manager: { email: 'manager@demo.local', firstName: 'Morgan', role: 'Manager' },
  tech: { email: 'tech@demo.local', firstName: 'Taylor', role: 'Technician' },
  harborAdmin: { email: 'admin@harbor.local', firstName: 'Harper', role: 'Admin' },
  harborTech: { email: 'tech@harbor.local', firstName: 'Hayden', role: 'Technician' },
} as const
export const DEMO_ROLES = [USERS.tech, USERS.manager, USERS.admin] as const

export const baseUrl = (): string => inject('baseUrl')

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** One Chromium for the test file: launched before its tests, closed after. */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('The browser is launched in beforeAll; use it inside a test.')
    return browser
  }
}

/** A fresh context (own cookies, IndexedDB, service worker) with a page whose errors are recorded. */
export async function openPage(
  browser: Browser,
  viewport: ViewportName = 'tablet',
  serverUrl = baseUrl(),
  /** 'block': no service worker, so every request of the app goes through the context's routes. */
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<{ context: BrowserContext; page: Page; pageErrors: Error[]; policyViolations: string[] }> {
  const context = await browser.newContext({
    baseURL: serverUrl,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport !== 'tablet',
    serviceWorkers,
  })
  // Generous: CI runs this beside other suites on 2 cores; a real hang still fails the test.
  context.setDefaultTimeout(30_000)
  const page = await context.newPage()
  const pageErrors: Error[] = []
  page.on('pageerror', (error) => pageErrors.push(error))
  // What the Content-Security-Policy or Trusted Types refused, as the console reports it.
  const policyViolations: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|Trusted ?(Type|Script|HTML)|Function constructor|Refused unsanitised/i.test(text)) {
      policyViolations.push(text)
    }
  })
  return { context, page, pageErrors, policyViolations }
}

/** Signs in through the local sign-in page, as a person would, and waits for the tenant home. */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/api/login')
  await page.getByRole('button', { name: email }).click()
  await page.waitForURL(/\/t\/[^/]+\/?$/)
}

/** Resolves once a service worker controls the page, so a reload can be served offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // Installing precaches the whole app (~40 files); on a loaded 2-core CI machine that takes a while.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 45_000,
  })
}

/** The first visible element with this text (drawers and responsive duplicates are skipped). */
export function visibleText(page: Page, text: string) {
  return page.getByText(text).filter({ visible: true }).first()
}

/** Waits until the shell reports nothing waiting to sync (the first pull after sign-in included). */
export async function waitForSynced(page: Page): Promise<void> {
  try {
    await page.getByRole('button', { name: 'Sync status: Synced' }).first().waitFor()
  } catch (error) {
    const shown = await page
      .locator('button.sync-indicator')
      .first()
      .getAttribute('aria-label', { timeout: 1_000 })
      .catch(() => 'no indicator')
    throw new Error(`Never synced; the indicator says "${shown}"`, { cause: error })
  }
}

/** The outboxes of every local database, read raw from IndexedDB: what a failed sync test prints. */
export function dumpOutboxes(target: Page | Worker): Promise<unknown> {
  // Page and Worker share evaluate's signature; TypeScript cannot call a union of its overloads.
  return (target as Page).evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const dump: { name: string; outbox: unknown }[] = []
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('mw:')) continue
      const db = await open(name)
      if (db.objectStoreNames.contains('outbox')) {
        const request = db.transaction('outbox').objectStore('outbox').getAll()
        const outbox = await new Promise((resolve) => {
          request.onsuccess = () => resolve(request.result)
        })
        dump.push({ name, outbox })
      }
      db.close()
    }
    return dump
  })
}

/**
 * Adds a note on the open case screen and returns once it is saved locally: the form clears only
 * after the write committed, so closing the page right after cannot lose it.
 */
export async function addCaseNote(page: Page, text: string): Promise<void> {
  const textbox = page.getByRole('textbox', { name: 'Note', exact: true })
  await textbox.fill(text)
  await page.getByRole('button', { name: 'Add Note' }).click()
  await page.waitForFunction(() => (document.getElementById('case-note') as HTMLTextAreaElement | null)?.value === '')
  await page.getByRole('region', { name: 'Case Details' }).getByText(text).waitFor()
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Runs axe-core (WCAG 2 A and AA rules) on the page as it is now; the rule ids and targets of what fails. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (options: unknown) => Promise<AxeResults> } }).axe
    const results = await axe.run({
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      resultTypes: ['violations'],
    })
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
  return violations
}
interface AxeResults {
  violations: { id: string; nodes: { target: string[] }[] }[]
}
