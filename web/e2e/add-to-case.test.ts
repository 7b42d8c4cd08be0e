/**
 * An answer becomes a note on a new case, with its sources as links, with no network; the case
 * and the note reach the server once the link returns.
 */
import { expect, test } from 'vitest'
import { browserForThisFile, openPage, signInAs, USERS, waitForServiceWorker, waitForSynced } from './harness.ts'

const browser = browserForThisFile()

test('a technician adds an answer to a new case offline, and the server gets the case with the note once', async () => {
  const { context, page, pageErrors } = await openPage(browser(), 'tablet')
  await signInAs(page, USERS.tech.email)
  await waitForServiceWorker(page)
  await waitForSynced(page)
  await page.goto('/t/demo/ask/seakeeper')
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill('How do I reset the gyro after a fault alarm?')
  await composer.press('Enter')
  const answer = page.getByRole('article', { name: 'Expert answer' }).first()
  await answer.getByText(/^Sources \(\d+\)$/).waitFor({ timeout: 30_000 })
  await waitForSynced(page)

  await context.setOffline(true)
  const title = `Fault alarm ${Date.now().toString(36)}`
  await answer.getByRole('button', { name: 'Add to case' }).click()
  await answer.getByRole('combobox', { name: 'Case' }).selectOption({ label: 'New case…' })
  await answer.getByRole('textbox', { name: 'New case title' }).fill(title)
  await answer.getByRole('button', { name: 'Add', exact: true }).click()
  await page.locator('.toast').getByText('The answer and its sources are a note on the case.').waitFor()

  await context.setOffline(false)
  await waitForSynced(page)
  const cases = (await (await context.request.get('/api/t/demo/cases')).json()) as { id: string; title: string }[]
  const created = cases.filter((c) => c.title === title)
  expect(created).toHaveLength(1)
  const history = (await (await context.request.get(`/api/t/demo/cases/${created[0]?.id}/history`)).json()) as {
    kind: string
    data: { text?: string }
  }[]
  const notes = history.filter((e) => e.kind === 'note')
  expect(notes).toHaveLength(1)
  expect(notes[0]?.data.text).toContain('Sources:')
  expect(notes[0]?.data.text).toMatch(/\/t\/demo\/documents\//)
  expect(pageErrors).toEqual([])
  await context.close()
})

test('on a phone, the list of cases to add an answer to stays inside the answer', async () => {
  const { context, page, pageErrors } = await openPage(browser(), 'phone')
  await signInAs(page, USERS.tech.email)
  // A seeded conversation, opened by its id: other files' questions push it off the phone's recent list.
  const conversations = (await (await context.request.get('/api/t/demo/conversations')).json()) as {
    id: string
    title: string
  }[]
  const seeded = conversations.find((c) => c.title === 'Slow spool-up after relaunch')
  await page.goto(`/t/demo/ask/seakeeper?conversation=${seeded?.id}`)
  const answer = page.getByRole('article', { name: 'Expert answer' }).first()
  await answer.getByRole('button', { name: 'Add to case' }).click()
  // The seeded case titles are longer than a phone is wide.
  const list = await answer.getByRole('combobox', { name: 'Case' }).boundingBox()
  const bubble = await answer.boundingBox()
  if (!list || !bubble) throw new Error('The answer or its case list is not on screen.')
  expect(list.x + list.width).toBeLessThanOrEqual(bubble.x + bubble.width)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
  expect(pageErrors).toEqual([])
  await context.close()
})
