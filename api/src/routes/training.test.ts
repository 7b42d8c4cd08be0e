import { assignmentSchema, SAMPLE_QUESTIONS, trainingSetSchema } from '@mw/sync-protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import { seededWorld } from '../test/fixtures.ts'
import { fingerprint, send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

let t: TestApp
let w: Awaited<ReturnType<typeof seededWorld>>
beforeAll(async () => {
  t = await createTestApp()
  w = await seededWorld(t)
})

describe('training', () => {
  it.each(['seakeeper', 'furuno'] as const)(
    'builds a %s set from the built-in sample questions when none are sent',
    async (expert) => {
      for (const questions of [undefined, []]) {
        const res = await send(t, w.cookie('tech@demo.local'), 'POST', '/api/t/demo/training/build', {
          title: 'Basics',
          description: 'Start here',
          expert,
          questions,
        })
        expect(res.status).toBe(201)
        expect(trainingSetSchema.parse(res.body)).toMatchObject({
          title: 'Basics',
          expert,
          questions: SAMPLE_QUESTIONS[expert],
        })
      }
    },
  )

  it('keeps the questions it is sent and lists the set', async () => {
    const questions = [
      {
        type: 'mcq',
        question: 'Which cable joins the backbone to a device?',
        options: ['Drop cable', 'Terminator'],
        correct: 0,
        explanation: 'Devices connect through drop cables.',
      },
    ]
    const set = trainingSetSchema.parse(
      (
        await send(t, w.cookie('manager@demo.local'), 'POST', '/api/t/demo/training/build', {
          title: 'Drops',
          expert: 'furuno',
          questions,
        })
      ).body,
    )
    expect(set.questions).toEqual(questions)
    const sets = (await send(t, w.cookie('tech@demo.local'), 'GET', '/api/t/demo/training/sets')).body
    expect(sets.find((s: { id: string }) => s.id === set.id)).toEqual(set)
  })

  it('assigns to several users, one assignment each, and each technician sees theirs', async () => {
    const ids = [w.userId('tech@demo.local'), w.userId('manager@demo.local')]
    const res = await send(t, w.cookie('manager@demo.local'), 'POST', '/api/t/demo/training/assign', {
      setId: w.demoSetId,
      assignedToIds: ids,
    })
    expect(res.status).toBe(201)
    const created = res.body.map((a: unknown) => assignmentSchema.parse(a))
    expect(created.map((a: { assignedToId: string }) => a.assignedToId)).toEqual(ids)
    expect(created.every((a: { completed: boolean; score: null }) => !a.completed && a.score === null)).toBe(true)
    const techSees = (await send(t, w.cookie('tech@demo.local'), 'GET', '/api/t/demo/training/assignments')).body
    expect(techSees.map((a: { id: string }) => a.id)).toContain(created[0].id)
    expect(techSees.map((a: { id: string }) => a.id)).not.toContain(created[1].id)
  })

  it('answers one assignment for a role, and one set of assignments per Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'assign-role-1' }
    const body = { setId: w.demoSetId, assignedToRole: 'Admin' }
    const first = await send(t, w.cookie('admin@demo.local'), 'POST', '/api/t/demo/training/assign', body, headers)
    expect(assignmentSchema.parse(first.body)).toMatchObject({
      setId: w.demoSetId,
      assignedToRole: 'Admin',
      assignedToId: null,
    })
    const state = await fingerprint(t.db)
    const again = await send(t, w.cookie('admin@demo.local'), 'POST', '/api/t/demo/training/assign', body, headers)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await fingerprint(t.db)).toBe(state)
  })

  it('lets a technician build a draft but not publish a set past the managers', async () => {
    const body = { title: 'Straight to print', expert: 'furuno', status: 'published' }
    const before = await fingerprint(t.db)
    const refused = await send(t, w.cookie('tech@demo.local'), 'POST', '/api/t/demo/training/build', body)
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('forbidden')
    expect(await fingerprint(t.db)).toBe(before)
    const managed = await send(t, w.cookie('manager@demo.local'), 'POST', '/api/t/demo/training/build', body)
    expect(trainingSetSchema.parse(managed.body).status).toBe('published')
  })
})
