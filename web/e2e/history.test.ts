import { describe, expect, test } from 'vitest'
import { accessibilityViolations, browserForThisFile, openPage, signInAs, USERS, waitForSynced } from './harness.ts'

const browser = browserForThisFile()

describe.each(['tablet', 'portrait'] as const)('conversation history and answer controls at %s size', (viewport) => {
  test('a technician asks, copies, rates, regenerates, edits, then finds, renames, deletes and undoes', async () => {
    const { context, page, pageErrors, policyViolations } = await openPage(browser(), viewport)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signInAs(page, USERS.tech.email)
    await page.goto('/t/demo/ask/seakeeper')
    const marker = `rollbar${viewport}${Date.now().toString(36)}`
    const question = `How do I reset the gyro after a fault alarm on ${marker}?`
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.fill(question)
    await composer.press('Enter')
    const answers = page.getByRole('article', { name: 'Expert answer' })
    await answers
      .first()
      .getByText(/^Sources \(\d+\)$/)
      .waitFor({ timeout: 30_000 })
    // Focus stays in the composer for the next question.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message')

    const answer = answers.first()
    // The demo server holds no model key: the answer says, in plain words, it came from the manuals alone.
    await answer.getByText('Answered from the manuals alone, because the AI model is not available.').waitFor()
    expect(await answer.textContent()).not.toMatch(/openai|no key/)
    await answer.getByRole('button', { name: 'Copy' }).click()
    await page.locator('.toast').getByText('The answer is on the clipboard.').waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied.length).toBeGreaterThan(40)
    expect(copied).not.toMatch(/<[a-z]/)

    await answer.getByRole('button', { name: 'Not helpful' }).click()
    await expect
      .poll(() => answer.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed'))
      .toBe('true')
    await answer.getByLabel('What was wrong? (optional)').fill('It quotes the wrong model')
    await answer.getByRole('button', { name: 'Send' }).click()
    await page.locator('.toast').getByText('Your feedback goes to the people who keep the manuals.').waitFor()

    await answer.getByRole('button', { name: 'Regenerate' }).click()
    await expect.poll(() => answers.count(), { timeout: 30_000 }).toBe(2)
    await answers
      .nth(1)
      .getByText(/^Sources \(\d+\)$/)
      .waitFor({ timeout: 30_000 })
    // The earlier answer is still there, above the new one.
    expect(await answers.first().getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true')

    await page
      .getByRole('article', { name: 'Your message' })
      .first()
      .getByRole('button', { name: 'Edit and resend' })
      .click()
    expect(await composer.inputValue()).toBe(question)
    await composer.fill('')
    await waitForSynced(page)

    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('button', { name: 'All conversations' }).click()
    await page.getByRole('heading', { name: 'Seakeeper conversations' }).waitFor()
    expect(await accessibilityViolations(page)).toEqual([])
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill(marker)
    const list = page.getByRole('list', { name: 'Conversation history' })
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1)
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill(`${marker}-nothing`)
    await page.getByText('No matching conversations').waitFor()
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill(marker)

    const row = list.getByRole('listitem').first()
    await row.getByRole('button', { name: /^Rename / }).click()
    await row.getByLabel('Conversation title').fill(`Gyro fault ${marker}`)
    await row.getByRole('button', { name: 'Save' }).click()
    await list.getByText(`Gyro fault ${marker}`).waitFor()

    await list.getByRole('button', { name: `Delete Gyro fault ${marker}` }).click()
    await page.getByText('No matching conversations').waitFor()
    await page.getByRole('button', { name: 'Undo' }).click()
    await list.getByText(`Gyro fault ${marker}`).waitFor({ timeout: 20_000 })
    await waitForSynced(page)
    const listed = (await (await context.request.get(`/api/t/demo/conversations?q=${marker}`)).json()) as {
      title: string
    }[]
    expect(listed.map((c) => c.title)).toEqual([`Gyro fault ${marker}`])

    await list.getByText(`Gyro fault ${marker}`).click()
    await page.getByRole('button', { name: 'New conversation' }).click()
    await page.getByRole('heading', { name: 'Seakeeper Expert' }).waitFor()
    expect(pageErrors).toEqual([])
    expect(policyViolations).toEqual([])
    await context.close()
  }, 120_000)
})
