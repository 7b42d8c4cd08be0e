/**
 * Taking training: what a person is assigned (directly or by role) with their best result, attempts
 * scored on the server by the people an assignment covers only, and who completed each assignment.
 */
import { assignmentSchema, attemptAnswerBodySchema, myTrainingSchema, trainingSetSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { mutation, pushOk } from '../test/sync-kit.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp()
const manager = await t.signIn('manager@demo.local')
const tech = await t.signIn('tech@demo.local')
const harborTech = await t.signIn('tech@harbor.local')
const techId = await t.userId('tech@demo.local')

const { call } = t

const questions = [
  { type: 'mcq', question: 'Seacock before launch?', options: ['Open', 'Closed'], correct: 0, explanation: 'Open it.' },
  {
    type: 'mcq',
    question: 'Terminators on a backbone?',
    options: ['One', 'Two', 'Three'],
    correct: 1,
    explanation: '',
  },
  {
    type: 'image-label',
    question: 'Label the connector',
    imageUrl: '/training/x.png',
    labelPoints: [
      { x: 1, y: 1, label: 'CAN-H' },
      { x: 2, y: 2, label: 'CAN-L' },
    ],
  },
  { type: 'mcq', question: 'Drop length?', options: ['6 m', '60 m'], correct: 0, explanation: '' },
]

async function setup() {
  const set = trainingSetSchema.parse(
    await (await call('POST', '/training/build', manager, { title: 'N2K basics', expert: 'furuno', questions })).json(),
  )
  const assign = async (body: object) =>
    assignmentSchema.parse(await (await call('POST', '/training/assign', manager, { setId: set.id, ...body })).json())
  const toRole = await assign({ assignedToRole: 'Technician' })
  const toTech = await assign({ assignedToId: techId })
  const toAdmin = await assign({ assignedToRole: 'Admin' })
  return { set, toRole, toTech, toAdmin }
}
const { set, toRole, toTech, toAdmin } = await setup()
const attempt = (id: string, answers: unknown, cookie = tech, headers: Record<string, string> = {}) =>
  call('POST', `/training/assignments/${id}/attempts`, cookie, { answers }, { headers })

describe('taking training', () => {
  it('lists what the user is assigned, directly or through their role, and nothing else', async () => {
    const res = await call('GET', '/training/mine', tech)
    expect(res.status).toBe(200)
    const { items } = myTrainingSchema.parse(await res.json())
    const ids = items.map((i) => i.assignment.id)
    expect(ids).toEqual(expect.arrayContaining([toRole.id, toTech.id]))
    expect(ids).not.toContain(toAdmin.id)
    const ours = items.filter((i) => i.set.id === set.id)
    expect(ours).toHaveLength(2)
    expect(ours.every((i) => i.completed === false && i.score === null)).toBe(true)
    // Only assignments to this technician or to the Technician role.
    expect(
      items.every((i) => i.assignment.assignedToId === techId || i.assignment.assignedToRole === 'Technician'),
    ).toBe(true)
  })

  it('scores an attempt on the server, records the best result, and honours Idempotency-Key', async () => {
    // Two of three choices right, one label of two: (1 + 0 + 0.5 + 1) / 4 = 62.5 -> 63.
    const answers = [
      { question: 0, choice: 0 },
      { question: 1, choice: 2 },
      { question: 2, labels: ['can-h', 'GND'] },
      { question: 3, choice: 0 },
    ]
    const res = await attempt(toTech.id, answers, tech, { 'idempotency-key': 'attempt-1' })
    expect(res.status).toBe(201)
    const { attempt: first } = attemptAnswerBodySchema.parse(await res.json())
    expect(first).toMatchObject({ assignmentId: toTech.id, userId: techId, score: 63 })
    const again = await attempt(toTech.id, answers, tech, { 'idempotency-key': 'attempt-1' })
    expect(attemptAnswerBodySchema.parse(await again.json()).attempt.id).toBe(first.id)
    const better = await attempt(
      toTech.id,
      answers.map((a, i) => (i === 1 ? { question: 1, choice: 1 } : a)),
    )
    expect(attemptAnswerBodySchema.parse(await better.json()).attempt.score).toBe(88)
    const { items } = myTrainingSchema.parse(await (await call('GET', '/training/mine', tech)).json())
    expect(items.find((i) => i.assignment.id === toTech.id)).toMatchObject({ completed: true, score: 88 })
    expect(items.find((i) => i.assignment.id === toRole.id)).toMatchObject({ completed: false, score: null })
  })

  it('counts who completed an assignment and who only started, a role counting each of its members', async () => {
    await attempt(toRole.id, [{ question: 0, choice: 0 }])
    const rows = (await (await call('GET', '/training/assignments', manager)).json()) as {
      id: string
      stats: { assigned: number; completed: number; inProgress: number }
    }[]
    expect(rows.find((r) => r.id === toTech.id)?.stats).toEqual({ assigned: 1, completed: 1, inProgress: 0 })
    const technicians = await t.db
      .selectFrom('memberships')
      .select('user_id')
      .where('tenant_slug', '=', 'demo')
      .where('role', '=', 'Technician')
      .execute()
    expect(rows.find((r) => r.id === toRole.id)?.stats).toEqual({
      assigned: technicians.length,
      completed: 0,
      inProgress: 1,
    })
  })

  it.each([
    ['someone it does not cover', () => attempt(toAdmin.id, [{ question: 0, choice: 0 }]), 403],
    ['a manager not covered', () => attempt(toTech.id, [{ question: 0, choice: 0 }], manager), 403],
    ['another tenant', () => attempt(toTech.id, [{ question: 0, choice: 0 }], harborTech), 404],
    ['an unknown assignment', () => attempt('00000000-0000-4000-8000-000000000000', []), 404],
    ['a question not in the set', () => attempt(toTech.id, [{ question: 9, choice: 0 }]), 400],
    ['an option not in the question', () => attempt(toTech.id, [{ question: 0, choice: 5 }]), 400],
    [
      'a question answered twice',
      () =>
        attempt(toTech.id, [
          { question: 0, choice: 0 },
          { question: 0, choice: 1 },
        ]),
      400,
    ],
    ['labels for a choice question', () => attempt(toTech.id, [{ question: 0, labels: ['x'] }]), 400],
    ['a choice for a label question', () => attempt(toTech.id, [{ question: 2, choice: 0 }]), 400],
    ['a negative index', () => attempt(toTech.id, [{ question: -1, choice: 0 }]), 400],
    ['answers that are not a list', () => attempt(toTech.id, 'all of them'), 400],
  ])('refuses an attempt by or with %s, and records nothing', async (_, post, status) => {
    const before = await t.db.selectFrom('training_attempts').select('id').execute()
    const res = await post()
    expect(res.status).toBe(status)
    expect(((await res.json()) as { error?: unknown }).error).toBeTruthy()
    expect(await t.db.selectFrom('training_attempts').select('id').execute()).toHaveLength(before.length)
  })

  it('keeps an earlier score when the set is edited afterwards', async () => {
    await t.db
      .updateTable('training_sets')
      .set({ questions_json: JSON.stringify([{ ...questions[0], correct: 1 }]) })
      .where('id', '=', set.id)
      .execute()
    const { items } = myTrainingSchema.parse(await (await call('GET', '/training/mine', tech)).json())
    expect(items.find((i) => i.assignment.id === toTech.id)?.score).toBe(88)
  })

  it("takes answers from a device once, through the sync push, and refuses another person's assignment there too", async () => {
    const id = uuidv7()
    // The set was edited to one question (the test before): the device's answers are scored against it.
    const answers = [{ question: 0, choice: 1 }]
    const m = mutation(1, 'training.attempt', { id, assignmentId: toRole.id, answers })
    const device = uuidv7()
    const first = await pushOk(t, tech, device, [m])
    expect(first.results[0]?.status).toBe('applied')
    const again = await pushOk(t, tech, device, [m])
    expect(again.results[0]?.status).toBe('duplicate')
    const rows = await t.db.selectFrom('training_attempts').selectAll().where('id', '=', id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.score).toBe(100)
    const refused = await pushOk(t, tech, uuidv7(), [
      mutation(1, 'training.attempt', { id: uuidv7(), assignmentId: toAdmin.id, answers }),
    ])
    expect(refused.results[0]?.status).toBe('rejected')
  })
})
