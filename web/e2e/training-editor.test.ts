/**
 * The training editor in a real browser: a set drafted From Knowledge Base (one section of a
 * manual), an image-label
 * question added with an uploaded image and labels placed by tapping it, questions reordered,
 * published; the saved set carries the image question, and its image is served.
 */
import { expect, test } from 'vitest'
import { randomPng } from '../src/sync/test/png.ts'
import { browserForThisFile, openPage, signInAs, USERS } from './harness.ts'

const browser = browserForThisFile()

test('a manager drafts from the manuals, adds an image-label question, reorders and publishes', async () => {
  const { context, page, pageErrors } = await openPage(browser())
  await signInAs(page, USERS.manager.email)
  await page.goto('/t/demo/training')
  await page.getByRole('button', { name: /From Knowledge Base/ }).click()
  const chooser = page.getByRole('dialog', { name: 'Draft from the knowledge base' })
  await chooser.getByRole('combobox', { name: 'Expert System' }).selectOption('seakeeper')
  // A starter manual by name: manuals other journeys upload (a one-page PDF) may list first.
  await chooser
    .getByRole('list', { name: 'Manuals' })
    .getByRole('checkbox', { name: /How gyro stabilizers work/ })
    .check()
  const section = chooser.getByRole('list', { name: 'Sections' }).getByRole('checkbox').first()
  await section.check()
  const sectionName = (
    (await chooser.getByRole('list', { name: 'Sections' }).locator('label').first().textContent()) ?? ''
  ).trim()
  await chooser.getByRole('button', { name: 'Draft questions' }).click()
  await page.getByRole('heading', { name: 'Review drafted training' }).waitFor({ timeout: 20_000 })
  const title = `Gyro parts ${Date.now().toString(36)}`
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  const questions = page.getByRole('group', { name: /^Question \d+$/ })
  const drafted = await questions.count()
  expect(drafted).toBeGreaterThan(0)
  // Every drafted question comes from the chosen section, and says so.
  for (let n = 0; n < drafted; n++) {
    expect(await questions.nth(n).getByRole('link').first().textContent()).toContain(sectionName)
  }

  await page.getByRole('button', { name: 'Add image question' }).click()
  const imageQuestion = questions.last()
  await imageQuestion.getByRole('textbox', { name: 'Question text' }).fill('Name the parts of the stabilizer.')
  await imageQuestion
    .getByLabel('Image')
    .setInputFiles({ name: 'gyro.png', mimeType: 'image/png', buffer: randomPng(400, 300) })
  const picture = imageQuestion.getByRole('img', { name: 'Name the parts of the stabilizer.' })
  await picture.waitFor({ timeout: 20_000 })
  const box = await picture.boundingBox()
  if (!box) throw new Error('the image is not drawn')
  await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.5 } })
  await picture.click({ position: { x: box.width * 0.75, y: box.height * 0.5 } })
  await imageQuestion.getByRole('textbox', { name: 'Label 1' }).fill('Flywheel')
  await imageQuestion.getByRole('textbox', { name: 'Label 2' }).fill('Brake cylinder')
  await imageQuestion.getByRole('button', { name: 'Move up' }).click()
  await page.getByRole('button', { name: 'Publish' }).click()
  await page.getByRole('heading', { name: 'Training Builder' }).waitFor()

  await expect
    .poll(async () => {
      const sets = (await (await context.request.get('/api/t/demo/training/sets')).json()) as {
        title: string
        status: string
        questions: { type: string; imageUrl?: string; labelPoints?: { x: number; label: string }[] }[]
      }[]
      return sets.find((s) => s.title === title)
    })
    .toBeTruthy()
  const sets = (await (await context.request.get('/api/t/demo/training/sets')).json()) as {
    title: string
    status: string
    questions: { type: string; imageUrl?: string; labelPoints?: { x: number; label: string }[] }[]
  }[]
  const saved = sets.find((s) => s.title === title)
  expect(saved?.status).toBe('published')
  expect(saved?.questions).toHaveLength(drafted + 1)
  // Moved up one place: second to last.
  const image = saved?.questions.at(-2)
  expect(image?.type).toBe('image-label')
  expect(image?.labelPoints?.map((p) => p.label)).toEqual(['Flywheel', 'Brake cylinder'])
  expect(image?.labelPoints?.[0]?.x).toBeGreaterThan(15)
  expect(image?.labelPoints?.[0]?.x).toBeLessThan(35)
  const served = await context.request.get(image?.imageUrl ?? '')
  expect(served.headers()['content-type']).toBe('image/png')
  expect(pageErrors).toEqual([])
  await context.close()
})
