/**
 * Training built from real work: a manager drafts a set from one of their conversations, edits a
 * question, publishes it and assigns it to the Technician role; a technician on a tablet takes it
 * with no network; back online, the manager sees the technician's completion and score once.
 */
import { expect, test } from 'vitest'
import { browserForThisFile, openPage, signInAs, USERS, waitForServiceWorker, waitForSynced } from './harness.ts'

const browser = browserForThisFile()

test('a set drafted from a conversation is edited, published, assigned, taken offline and scored once', async () => {
  const manager = await openPage(browser())
  const page = manager.page
  await signInAs(page, USERS.manager.email)
  await page.goto('/t/demo/ask/seakeeper')
  const composer = page.getByRole('textbox', { name: 'Message' })
  const asked = `How do I bleed air from the seawater cooling circuit? ${Date.now().toString(36)}`
  await composer.fill(asked)
  await composer.press('Enter')
  await page
    .getByRole('article', { name: 'Expert answer' })
    .first()
    .getByText(/^Sources \(\d+\)$/)
    .waitFor({ timeout: 30_000 })
  await waitForSynced(page)

  await page.goto('/t/demo/training')
  await page.getByRole('button', { name: /From Chat Session/ }).click()
  const chooser = page.getByRole('dialog', { name: 'Draft from a chat session' })
  await chooser.getByRole('radio', { name: new RegExp(asked.slice(0, 30)) }).check()
  await chooser.getByRole('button', { name: 'Draft questions' }).click()
  await page.getByRole('heading', { name: 'Review drafted training' }).waitFor({ timeout: 20_000 })
  const title = `Cooling circuit ${Date.now().toString(36)}`
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  const questions = page.getByRole('group', { name: /^Question \d+$/ })
  const count = await questions.count()
  expect(count).toBeGreaterThan(0)
  const edited = 'Which circuit must be bled of air before the first start after a relaunch?'
  await questions.first().getByRole('textbox', { name: 'Question text' }).fill(edited)
  await expect.poll(() => questions.first().getByRole('link').count()).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Publish' }).click()
  await page.getByRole('heading', { name: 'Training Builder' }).waitFor()
  const row = page.getByRole('button', { name: new RegExp(title) })
  await expect.poll(() => row.textContent()).toContain('Published')

  await page.goto('/t/demo/training/assign')
  await page.getByRole('combobox', { name: 'Training set' }).selectOption({ label: title })
  await page.getByRole('combobox', { name: 'Role' }).selectOption('Technician')
  await page.getByRole('button', { name: 'Assign Training' }).click()
  await page.locator('.toast').getByText('Training assigned').waitFor()
  await waitForSynced(page)

  const tablet = await openPage(browser(), 'tablet')
  await signInAs(tablet.page, USERS.tech.email)
  await waitForServiceWorker(tablet.page)
  await waitForSynced(tablet.page)
  await tablet.page.goto('/t/demo/training')
  const item = tablet.page.getByRole('link', { name: new RegExp(title) })
  await item.waitFor()
  await tablet.context.setOffline(true)
  await item.click()
  await tablet.page.getByRole('heading', { name: edited }).waitFor()
  for (let n = 1; n <= count; n++) {
    await tablet.page.getByText(`Question ${n} of ${count}`).waitFor()
    await tablet.page.locator('.training-option').first().click()
    await tablet.page.getByRole('status').waitFor()
    await tablet.page.getByRole('button', { name: n < count ? 'Next question' : 'Finish' }).click()
  }
  const shown = await tablet.page.getByText(/^Your score: \d+%$/).textContent()
  const score = Number(shown?.match(/\d+/)?.[0])
  await tablet.context.setOffline(false)
  await waitForSynced(tablet.page)

  await page.reload()
  const assignmentRow = page.locator('.assignment-row', { hasText: title })
  await assignmentRow.getByRole('button', { name: 'Results' }).click()
  const results = page.getByRole('dialog', { name: `Results: ${title}` })
  const technician = results.getByRole('row', { name: /Taylor/ })
  await technician.waitFor({ timeout: 20_000 })
  // Attempts, then best score: the one attempt made offline, counted once.
  expect(await technician.getByRole('cell').nth(1).textContent()).toBe('1')
  expect(await technician.getByRole('cell').nth(2).textContent()).toBe(`${score}%`)
  expect(manager.pageErrors).toEqual([])
  expect(tablet.pageErrors).toEqual([])
  await tablet.context.close()
  await manager.context.close()
})
