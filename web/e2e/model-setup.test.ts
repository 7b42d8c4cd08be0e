import { expect, test } from 'vitest'
import { accessibilityViolations, browserForThisFile, openPage, signInAs, USERS } from './harness.ts'

const browser = browserForThisFile()

test('an Admin sees which model keys the server holds and tests a model; a Manager sees the status only', async () => {
  const { context, page, pageErrors } = await openPage(browser(), 'portrait')
  await signInAs(page, USERS.admin.email)
  await page.goto('/t/demo/admin')
  await page.getByRole('tab', { name: 'Expert Models' }).click()
  const seakeeper = page.getByRole('form', { name: 'Seakeeper Expert' })
  // This server runs without provider keys: the screen says so instead of saving a blind choice.
  await seakeeper
    .getByText('The server has no key for openai: answers will come from the fallback or the manuals alone.')
    .waitFor()
  await seakeeper.getByLabel('Primary provider').selectOption('local')
  await seakeeper.getByText('Answers quote the manuals; no model is called.').waitFor()
  await seakeeper.getByLabel('Primary provider').selectOption('openai')
  await seakeeper.getByRole('button', { name: 'Test' }).click()
  await seakeeper.getByText(/^openai:gpt-4o-mini did not answer: The server has no key for openai\./).waitFor()
  expect(await accessibilityViolations(page)).toEqual([])
  expect(pageErrors).toEqual([])
  await context.close()

  const manager = await openPage(browser(), 'tablet')
  await signInAs(manager.page, USERS.manager.email)
  await manager.page.goto('/t/demo/admin')
  await manager.page.getByRole('tab', { name: 'Expert Models' }).click()
  const form = manager.page.getByRole('form', { name: 'Furuno Expert' })
  await form.getByText(/The server has no key for openai/).waitFor()
  expect(await form.getByRole('button', { name: 'Test' }).count()).toBe(0)
  await manager.context.close()
}, 90_000)
