import { describe, expect, test } from 'vitest'
import { browserForThisFile, openPage, signInAs, USERS, VIEWPORTS, type ViewportName } from './harness.ts'

const browser = browserForThisFile()

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('expert chat at %s size', (viewport) => {
  test('asking Seakeeper a question streams an answer with its sources into one conversation', async () => {
    const { context, page, pageErrors, policyViolations } = await openPage(browser(), viewport)
    await signInAs(page, USERS.tech.email)
    await page.goto('/t/demo/ask/seakeeper')
    const question = `How do I reset the gyro after a fault alarm? (${viewport})`
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.fill(question)
    await composer.press('Enter')

    await page.getByText(question).first().waitFor()
    await page
      .getByText(/^Sources \(\d+\)$/)
      .first()
      .waitFor({ timeout: 30_000 })
    await expect.poll(() => page.url()).toMatch(/conversation=/)
    const conversationId = new URL(page.url()).searchParams.get('conversation')

    const res = await context.request.get(`/api/t/demo/conversations/${conversationId}`)
    expect(res.ok()).toBe(true)
    const conversation = (await res.json()) as { messages: { role: string; metadata?: { sources?: unknown[] } }[] }
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(conversation.messages[1]?.metadata?.sources?.length).toBeGreaterThan(0)
    expect(pageErrors).toEqual([])
    // The answer's HTML reached the page through DOMPurify's Trusted Types policy, under the strict CSP.
    expect(policyViolations).toEqual([])
    await context.close()
  })
})

test('a first question on the Furuno landing carries over to the Furuno chat and is answered there', async () => {
  const { context, page, pageErrors } = await openPage(browser(), 'phone')
  await signInAs(page, USERS.tech.email)
  await page.goto('/t/demo/furuno')
  const question = 'The radar overlay vanished from the chart plotter after a network change. What now?'
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill(question)
  await composer.press('Enter')

  await page.waitForURL(/\/t\/demo\/ask\/furuno\?/)
  await page.getByText(question).first().waitFor()
  await page
    .getByText(/^Sources \(\d+\)$/)
    .first()
    .waitFor({ timeout: 30_000 })
  expect(pageErrors).toEqual([])
  await context.close()
})
