import { expect, test } from 'vitest'
import { tinyPdf } from '../../api/src/test/pdf.ts'
import { browserForThisFile, openPage, signInAs, USERS } from './harness.ts'

const browser = browserForThisFile()

const MANUAL = tinyPdf([
  'Stabilizer bracket overview and safety notes for the installer.',
  'The quokkatronic mounting bolts are torqued to 85 Nm in a star pattern.',
  'Record the serial number on the warranty card after commissioning.',
])

test('an admin uploads a manual and sees it ready; a technician asks, and opens the cited page', async () => {
  const admin = await openPage(browser(), 'tablet')
  await signInAs(admin.page, USERS.admin.email)
  await admin.page.goto('/t/demo/admin')
  await admin.page.getByRole('tab', { name: 'Knowledge' }).click()
  await admin.page.getByRole('tabpanel', { name: 'Knowledge' }).getByLabel('Expert').selectOption('seakeeper')
  await admin.page.getByLabel('Documents to upload').setInputFiles({
    name: 'Quokkatronic Bracket Manual.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(MANUAL),
  })
  const row = admin.page.getByRole('row', { name: /Quokkatronic Bracket Manual/ })
  await row.getByText('Ready').waitFor({ timeout: 30_000 })
  await expect.poll(() => row.textContent()).toContain('Avery Admin')
  expect(admin.pageErrors).toEqual([])
  expect(admin.policyViolations).toEqual([])
  await admin.context.close()

  const tech = await openPage(browser(), 'tablet')
  await signInAs(tech.page, USERS.tech.email)
  await tech.page.goto('/t/demo/ask/seakeeper')
  await tech.page.getByText('What this expert knows').click()
  await tech.page.getByRole('link', { name: 'Quokkatronic Bracket Manual' }).waitFor()
  const composer = tech.page.getByRole('textbox', { name: 'Message' })
  await composer.fill('What torque do the quokkatronic mounting bolts need?')
  await composer.press('Enter')
  // The answer's own source link (the knowledge panel lists the same manual, maybe hidden by now).
  const answer = tech.page.getByRole('article', { name: 'Expert answer' }).first()
  // Opened while it still streams, the sources list would close again when the stored answer
  // replaces the streamed one: wait for the stored answer (it carries the rating buttons).
  await answer.getByRole('button', { name: 'Helpful', exact: true }).waitFor({ timeout: 30_000 })
  await answer.getByText(/^Sources \(\d+\)$/).click()
  await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('Quokkatronic Bracket Manual')
  await answer.getByRole('link', { name: 'Quokkatronic Bracket Manual' }).first().click()
  await tech.page.waitForURL(/\/t\/demo\/documents\/[^/?]+\?page=2&passage=\d+$/)
  await tech.page.getByText('Page 2 of 3').waitFor()
  const cited = tech.page.locator('.cited')
  await expect.poll(() => cited.textContent()).toContain('torqued to 85 Nm')
  // The page as the manual prints it, drawn by pdfjs, with the cited words boxed on it.
  const canvas = tech.page.getByRole('img', { name: 'Page 2 of the manual' })
  await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(300)
  await expect.poll(() => tech.page.locator('.pdf-highlight').count(), { timeout: 15_000 }).toBeGreaterThan(0)
  const drawn = await canvas.evaluate((c: HTMLCanvasElement) => {
    const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray()
    let dark = 0
    for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 128) dark++
    return dark
  })
  expect(drawn).toBeGreaterThan(50)
  expect(tech.pageErrors).toEqual([])
  expect(tech.policyViolations).toEqual([])
  await tech.context.close()
}, 120_000)
