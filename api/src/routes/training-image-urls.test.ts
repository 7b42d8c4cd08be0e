/**
 * Every device fetches an image-label question's image with its session after each pull, and
 * shows it in an <img>. A set whose image address is another call of the app (GET /api/logout)
 * would make every member's device run it, over and over: only the app's own training images get in.
 */
import { errorBodySchema, trainingSetSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { fingerprint, send } from '../test/http.ts'
import { mutation, pushOk } from '../test/sync-kit.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const w = await seededWorld(t)
const tech = w.cookie('tech@demo.local')
const manager = w.cookie('manager@demo.local')

const labelled = (imageUrl: string) => [
  { type: 'image-label', question: 'Label the pump', imageUrl, labelPoints: [{ x: 10, y: 20, label: 'Inlet' }] },
]
const build = (cookie: string, imageUrl: string) =>
  send(t, cookie, 'POST', '/api/t/demo/training/build', {
    title: 'Pumps',
    expert: 'seakeeper',
    questions: labelled(imageUrl),
  })

const HOSTILE = [
  '/api/logout',
  '/api/login',
  '/api/t/demo/admin/export',
  '//evil.example/x.png',
  'https://evil.example/x.png',
  'javascript:alert(1)',
  '/api/t/harbor/training/images/0195f3a0-0000-7000-8000-000000000001',
  '/training/../api/logout',
]

describe("an image-label question's image address", () => {
  it.each(HOSTILE)('refuses %s in a new set, an edit and a synced set, changing nothing', async (imageUrl) => {
    const before = await fingerprint(t.db)
    const built = await build(tech, imageUrl)
    expect(built.status).toBe(400)
    expect(errorBodySchema.parse(built.body).error.message).toMatch(/image/i)

    const own = trainingSetSchema.parse((await build(manager, '/training/gyro-diagram.svg')).body)
    const afterOwn = await fingerprint(t.db)
    const edit = await send(t, manager, 'PUT', `/api/t/demo/training/sets/${own.id}`, {
      title: own.title,
      questions: labelled(imageUrl),
      status: 'draft',
    })
    expect(edit.status).toBe(400)

    const pushed = await pushOk(t, tech, uuidv7(), [
      mutation(1, 'training.createSet', {
        id: uuidv7(),
        title: 'Pumps',
        description: '',
        expert: 'seakeeper',
        questions: labelled(imageUrl),
      }),
    ])
    expect(pushed.results[0]).toMatchObject({ status: 'rejected', code: 'invalid_input' })
    expect(await fingerprint(t.db)).toBe(afterOwn)
    expect(afterOwn).not.toBe(before)
  })

  it.each(['/training/gyro-diagram.svg', '/api/t/demo/training/images/0195f3a0-0000-7000-8000-000000000001'])(
    'keeps %s (a sample image, or one uploaded to this tenant)',
    async (imageUrl) => {
      const built = await build(tech, imageUrl)
      expect(built.status).toBe(201)
      expect(trainingSetSchema.parse(built.body).questions[0]).toMatchObject({ imageUrl })
    },
  )
})
