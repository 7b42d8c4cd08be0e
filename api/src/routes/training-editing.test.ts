/**
 * A manager's training work: drafts kept from technicians and from assignment, edits saved as
 * versions that earlier attempts keep, and each person's result with the most missed questions
 * (drafting from real work: training-drafts.test.ts).
 */
import {
  assignmentResultsSchema,
  assignmentSchema,
  trainingImageAnswerSchema,
  trainingSetSchema,
} from '@mw/sync-protocol'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { documentsKit, enc, form } from '../test/documents-kit.ts'

const k = await documentsKit()
const { t, manager, tech, admin, harborAdmin } = k
const techId = await t.userId('tech@demo.local')
const { call } = t

const mcq = (question: string, correct: number) => ({
  type: 'mcq' as const,
  question,
  options: ['40 bar', '80 bar', '20 bar'],
  correct,
  explanation: '',
})

describe('editing and results', () => {
  it('keeps a new set a draft until it is published or assigned', async () => {
    const build = (title: string) =>
      call('POST', '/training/build', manager, { title, expert: 'seakeeper', questions: [mcq('Precharge?', 0)] })
    const draft = trainingSetSchema.parse(await (await build('Draft set')).json())
    expect(draft).toMatchObject({ status: 'draft', version: 1 })
    const statusFor = async (id: string) =>
      ((await (await call('GET', '/training/sets', tech)).json()) as { id: string; status: string }[]).find(
        (s) => s.id === id,
      )?.status
    // Every member lists the sets, drafts labelled so.
    expect(await statusFor(draft.id)).toBe('draft')
    const published = await call('PUT', `/training/sets/${draft.id}`, manager, {
      title: 'Draft set',
      questions: [mcq('Precharge?', 0)],
      status: 'published',
    })
    expect(trainingSetSchema.parse(await published.json())).toMatchObject({ status: 'published', version: 2 })
    expect(await statusFor(draft.id)).toBe('published')
    // Assigning a draft publishes it: the people it goes to must see it.
    const other = trainingSetSchema.parse(await (await build('Assigned at once')).json())
    expect(
      (await call('POST', '/training/assign', manager, { setId: other.id, assignedToRole: 'Technician' })).status,
    ).toBe(201)
    expect(await statusFor(other.id)).toBe('published')
    // An assigned set stays published.
    const back = await call('PUT', `/training/sets/${other.id}`, manager, {
      title: 'Assigned at once',
      questions: [mcq('Precharge?', 0)],
      status: 'draft',
    })
    expect(back.status).toBe(409)
  })

  it('scores an attempt against the version it took, reports each person and the most missed question', async () => {
    const set = trainingSetSchema.parse(
      await (
        await call('POST', '/training/build', manager, {
          title: 'Hydraulics',
          expert: 'seakeeper',
          questions: [mcq('Precharge?', 0), mcq('Cold check?', 1)],
        })
      ).json(),
    )
    const assignment = assignmentSchema.parse(
      await (await call('POST', '/training/assign', manager, { setId: set.id, assignedToId: techId })).json(),
    )
    // The technician took version 1 offline; the manager then swaps the right answers.
    const edited = await call('PUT', `/training/sets/${set.id}`, admin, {
      title: 'Hydraulics',
      questions: [mcq('Precharge?', 1), mcq('Cold check?', 0)],
      status: 'published',
    })
    expect(edited.status).toBe(200)
    const answers = [
      { question: 0, choice: 0 },
      { question: 1, choice: 0 },
    ]
    const old = await call('POST', `/training/assignments/${assignment.id}/attempts`, tech, { answers, setVersion: 1 })
    expect(((await old.json()) as { attempt: { score: number } }).attempt.score).toBe(50)
    const current = await call('POST', `/training/assignments/${assignment.id}/attempts`, tech, { answers })
    expect(((await current.json()) as { attempt: { score: number } }).attempt.score).toBe(50)
    const unknown = await call('POST', `/training/assignments/${assignment.id}/attempts`, tech, {
      answers,
      setVersion: 9,
    })
    expect(unknown.status).toBe(400)

    const results = assignmentResultsSchema.parse(
      await (await call('GET', `/training/assignments/${assignment.id}/results`, manager)).json(),
    )
    expect(results.people).toEqual([expect.objectContaining({ userId: techId, attempts: 2, bestScore: 50 })])
    // Only the attempt on the current version counts: it missed question 0 (now answered "80 bar").
    expect(results.missed).toEqual([{ question: 0, text: 'Precharge?', missed: 1, answered: 1 }])
    expect((await call('GET', `/training/assignments/${assignment.id}/results`, tech)).status).toBe(403)
    expect(
      (
        await call('GET', `/training/assignments/${assignment.id}/results`, harborAdmin, undefined, {
          tenant: 'harbor',
        })
      ).status,
    ).toBe(404)
  })

  it('keeps a due date on an assignment, and refuses one that is not a date', async () => {
    const set = trainingSetSchema.parse(
      await (
        await call('POST', '/training/build', manager, { title: 'Due', expert: 'furuno', questions: [mcq('Q?', 0)] })
      ).json(),
    )
    const dated = await call('POST', '/training/assign', manager, {
      setId: set.id,
      assignedToRole: 'Technician',
      dueDate: '2026-12-15',
    })
    expect(assignmentSchema.parse(await dated.json()).dueDate).toBe('2026-12-15')
    const bad = await call('POST', '/training/assign', manager, {
      setId: set.id,
      assignedToRole: 'Technician',
      dueDate: 'soon',
    })
    expect(bad.status).toBe(400)
  })

  it('keeps an image for an image-label question re-encoded, for the tenant only', async () => {
    const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0af' } })
      .withExif({ IFD0: { Copyright: 'secret yard' } })
      .jpeg()
      .toBuffer()
    const send = (cookie: string, bytes: Uint8Array, tenant = 'demo') =>
      t.app.request(`/api/t/${tenant}/training/images`, {
        method: 'POST',
        headers: { cookie },
        body: form([{ fileName: 'gyro.jpg', bytes }]),
      })
    const res = await send(manager, new Uint8Array(photo))
    expect(res.status).toBe(201)
    const { url } = trainingImageAnswerSchema.parse(await res.json())
    expect(url).toMatch(/^\/api\/t\/demo\/training\/images\/[0-9a-f-]{36}$/)
    const served = await t.app.request(url, { headers: { cookie: tech } })
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await served.arrayBuffer()).includes('secret yard')).toBe(false)
    expect((await t.app.request(url.replace('/demo/', '/harbor/'), { headers: { cookie: harborAdmin } })).status).toBe(
      404,
    )
    expect((await send(tech, new Uint8Array(photo))).status).toBe(403)
    expect((await send(manager, enc('<svg onload="alert(1)"/>'))).status).toBe(415)
  })

  it("counts a role assignment in Reports' training progress per person, from their attempts", async () => {
    const set = trainingSetSchema.parse(
      await (
        await call('POST', '/training/build', manager, {
          title: 'Report check',
          expert: 'furuno',
          questions: [mcq('Q?', 0)],
        })
      ).json(),
    )
    const assignment = assignmentSchema.parse(
      await (await call('POST', '/training/assign', manager, { setId: set.id, assignedToRole: 'Technician' })).json(),
    )
    await call('POST', `/training/assignments/${assignment.id}/attempts`, tech, {
      answers: [{ question: 0, choice: 0 }],
    })
    const technicians = await t.db
      .selectFrom('memberships')
      .select('user_id')
      .where('tenant_slug', '=', 'demo')
      .where('role', '=', 'Technician')
      .where('deactivated_at', 'is', null)
      .execute()
    const rows = (await (await call('GET', '/reports/training-summary', manager)).json()) as {
      module: string
      completion: number
      avgScore: number
    }[]
    expect(rows.find((r) => r.module === 'Report check')).toEqual({
      module: 'Report check',
      completion: Math.round((100 * 1) / technicians.length),
      avgScore: 100,
    })
  })

  it('lets only managers and admins edit, within the tenant', async () => {
    const set = trainingSetSchema.parse(
      await (
        await call('POST', '/training/build', tech, { title: 'Mine', expert: 'furuno', questions: [mcq('Q?', 0)] })
      ).json(),
    )
    const body = { title: 'Changed', questions: [mcq('Q?', 1)], status: 'published' }
    expect((await call('PUT', `/training/sets/${set.id}`, tech, body)).status).toBe(403)
    expect((await call('PUT', `/training/sets/${set.id}`, harborAdmin, body, { tenant: 'harbor' })).status).toBe(404)
    expect(
      (await call('PUT', `/training/sets/${set.id}`, manager, { ...body, questions: [mcq('Q?', 7)] })).status,
    ).toBe(400)
    const stored = await t.db
      .selectFrom('training_sets')
      .select(['title', 'version'])
      .where('id', '=', set.id)
      .executeTakeFirst()
    expect(stored).toEqual({ title: 'Mine', version: 1 })
  })
})
