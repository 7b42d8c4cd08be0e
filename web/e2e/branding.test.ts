import { expect, test } from 'vitest'
import { accessibilityViolations, browserForThisFile, openPage, signInAs, USERS } from './harness.ts'

const browser = browserForThisFile()

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" onload="alert(1)">
  <script>alert(2)</script><circle cx="16" cy="16" r="14" fill="#1d4ed8"/></svg>`

test('a Manager uploads an SVG logo and picks a readable accent colour; the app and its manifest follow', async () => {
  const { context, page, pageErrors, policyViolations } = await openPage(browser(), 'portrait')
  await signInAs(page, USERS.manager.email)
  await page.goto('/t/demo/admin')
  const form = page.getByRole('form', { name: 'Branding' })
  await form
    .getByLabel('Logo file')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) })
  await form.getByRole('img', { name: 'Current logo' }).waitFor()
  const logoUrl = await form.getByRole('img', { name: 'Current logo' }).getAttribute('src')
  expect(logoUrl).toMatch(/^\/api\/branding\/demo\/logo\?v=/)
  const svg = await (await context.request.get(logoUrl as string)).text()
  expect(svg).toContain('<circle')
  expect(svg).not.toMatch(/script|onload/)

  await form.getByLabel('Accent colour', { exact: true }).fill('#ffff00')
  await form.getByText(/^Too light for white text/).waitFor()
  await form.getByLabel('Accent colour', { exact: true }).fill('#1d4ed8')
  await form.getByText(/^White text reads well on it/).waitFor()
  expect(await accessibilityViolations(page)).toEqual([])
  const reloaded = page.waitForEvent('load')
  await form.getByRole('button', { name: 'Save Branding' }).click()
  await reloaded

  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()))
    .toBe('#1d4ed8')
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
    '/api/branding/demo/manifest.webmanifest',
  )
  const manifest = (await (await context.request.get('/api/branding/demo/manifest.webmanifest')).json()) as {
    theme_color: string
    icons: { src: string }[]
  }
  expect(manifest.theme_color).toBe('#1d4ed8')
  expect(manifest.icons[0]?.src).toBe(logoUrl)
  await page.getByRole('button', { name: 'Open navigation' }).click()
  await expect.poll(() => page.locator('.side-nav img.tenant-logo').getAttribute('src')).toBe(logoUrl)

  // Back to the theme's own colour and the letters badge, for the other browser tests.
  await page.keyboard.press('Escape')
  await page.getByRole('form', { name: 'Branding' }).getByRole('button', { name: 'Remove logo' }).click()
  await page.locator('.toast').getByText('The logo is removed.').waitFor()
  await page.getByRole('form', { name: 'Branding' }).getByLabel('Accent colour', { exact: true }).fill('')
  const reloadedAgain = page.waitForEvent('load')
  await page.getByRole('form', { name: 'Branding' }).getByRole('button', { name: 'Save Branding' }).click()
  await reloadedAgain
  expect(pageErrors).toEqual([])
  expect(policyViolations).toEqual([])
  await context.close()
}, 90_000)
