/**
 * Taking training on a tablet with no network: the set assigned to the Technician role is on the
 * device, the technician answers one question at a time and sees the score at once; back online,
 * the answers reach the server once and the manager sees the completion.
 */
import { expect, test } from 'vitest'
import { browserForThisFile, openPage, signInAs, USERS, waitForServiceWorker, waitForSynced } from './harness.ts'

const browser = browserForThisFile()

const questions = [
  {
    type: 'mcq',
    question: 'What do you do with the seacock before launch?',
    options: ['Open it before launch', 'Leave it closed'],
    correct: 0,
    explanation: 'An open seacock feeds the raw-water pump.',
  },
  {
    type: 'mcq',
    question: 'How many terminators does an NMEA 2000 backbone need?',
    options: ['One terminator', 'Two terminators'],
    correct: 1,
    explanation: 'One at each end.',
  },
]

test('a technician takes an assigned set offline and the manager sees the completion once', async () => {
  const manager = await openPage(browser())
  await signInAs(manager.page, USERS.manager.email)
  const title = `Launch checks ${Date.now().toString(36)}`
  const built = await manager.context.request.post('/api/t/demo/training/build', {
    data: { title, expert: 'seakeeper', questions },
  })
  expect(built.status()).toBe(201)
  const set = (await built.json()) as { id: string }
  const assigned = await manager.context.request.post('/api/t/demo/training/assign', {
    data: { setId: set.id, assignedToRole: 'Technician' },
  })
  const assignment = (await assigned.json()) as { id: string }

  const { context, page, pageErrors } = await openPage(browser(), 'tablet')
  await signInAs(page, USERS.tech.email)
  await waitForServiceWorker(page)
  await waitForSynced(page)
  await page.goto('/t/demo/training')
  const item = page.getByRole('link', { name: new RegExp(title) })
  await item.waitFor()
  await expect.poll(() => item.textContent()).toContain('To do')

  await context.setOffline(true)
  await item.click()
  await page.getByText('Question 1 of 2').waitFor()
  await page.getByRole('button', { name: 'Open it before launch' }).click()
  await page.getByText('Correct.').waitFor()
  await page.getByText('An open seacock feeds the raw-water pump.').waitFor()
  await page.getByRole('button', { name: 'Next question' }).click()
  await page.getByRole('button', { name: 'One terminator' }).click()
  await page.getByText('Not quite: Two terminators.').waitFor()
  await page.getByRole('button', { name: 'Finish' }).click()
  await page.getByText('Your score: 50%').waitFor()
  await page.getByRole('link', { name: 'Back to training' }).click()
  await expect.poll(() => page.getByRole('link', { name: new RegExp(title) }).textContent()).toContain('50%')

  await context.setOffline(false)
  await waitForSynced(page)
  const stats = async () => {
    const rows = (await (await manager.context.request.get('/api/t/demo/training/assignments')).json()) as {
      id: string
      stats?: { completed: number; inProgress: number }
    }[]
    return rows.find((r) => r.id === assignment.id)?.stats
  }
  await expect.poll(stats, { timeout: 20_000 }).toMatchObject({ completed: 1, inProgress: 0 })
  const mine = (await (await context.request.get('/api/t/demo/training/mine')).json()) as {
    items: { assignment: { id: string }; completed: boolean; score: number | null }[]
  }
  expect(mine.items.find((i) => i.assignment.id === assignment.id)).toMatchObject({ completed: true, score: 50 })
  expect(pageErrors).toEqual([])
  await context.close()
  await manager.context.close()
})
