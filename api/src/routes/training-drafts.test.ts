/**
 * Training sets drafted from real work: chosen manuals or their sections, a case's notes, the
 * manager's own conversation; each question names its source, nothing is saved, and only managers
 * and admins of the workspace may draft.
 */
import { draftAnswerSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { documentsKit, enc } from '../test/documents-kit.ts'
import { mutation, pushOk } from '../test/sync-kit.ts'

const k = await documentsKit()
const { t, manager, tech, harborAdmin } = k
const techId = await t.userId('tech@demo.local')
const { call } = t

const [manual] = await k.uploaded([
  {
    fileName: 'seakeeper-service.md',
    bytes: enc(
      '# Relaunch\n\nAfter the vessel is relaunched, bleed air from the seawater cooling circuit before starting the stabilizer.\n\n# Hydraulics\n\nThe accumulator precharge should be 40 bar at 20 °C. Check it every 12 months with the system cold.\n',
    ),
  },
])

describe('drafting a training set', () => {
  it('drafts from chosen manuals, each question a fact of the manual with its source, and saves nothing', async () => {
    const before = await t.db.selectFrom('training_sets').select('id').execute()
    const res = await call('POST', '/training/drafts', manager, {
      from: 'documents',
      expert: 'furuno',
      documentIds: [manual?.id],
    })
    expect(res.status).toBe(200)
    const draft = draftAnswerSchema.parse(await res.json())
    expect(draft.questions.length).toBeGreaterThan(0)
    for (const q of draft.questions) {
      if (q.type !== 'mcq') throw new Error('the drafter writes multiple-choice questions')
      expect(q.explanation).toContain(q.options[q.correct] as string)
      expect(q.question).toContain('_____')
      expect(q.source?.url).toMatch(new RegExp(`^/t/demo/documents/${manual?.id}`))
    }
    expect(draft.questions.some((q) => q.type === 'mcq' && q.options[q.correct] === '40 bar')).toBe(true)
    expect(await t.db.selectFrom('training_sets').select('id').execute()).toHaveLength(before.length)
  })

  it('drafts from chosen sections of a manual only', async () => {
    const res = await call('POST', '/training/drafts', manager, {
      from: 'documents',
      expert: 'furuno',
      documentIds: [manual?.id],
      sections: ['Hydraulics'],
    })
    const draft = draftAnswerSchema.parse(await res.json())
    expect(draft.questions.length).toBeGreaterThan(0)
    for (const q of draft.questions) expect(q.source?.title).toContain('Hydraulics')
  })

  it("drafts from a case's notes, and from the manager's own conversation only", async () => {
    const created = await call('POST', '/cases', manager, { title: 'Gyro slow after haul-out', expert: 'seakeeper' })
    const { id: caseId } = (await created.json()) as { id: string }
    await pushOk(t, manager, uuidv7(), [
      mutation(1, 'case.appendNote', {
        caseId,
        noteId: uuidv7(),
        text: '[1/2/2026] Found the seawater pump impeller worn; replaced it and the flow came back to 15 litres per minute.',
      }),
    ])
    const fromCase = draftAnswerSchema.parse(
      await (await call('POST', '/training/drafts', manager, { from: 'case', caseId })).json(),
    )
    expect(fromCase.title).toBe('Gyro slow after haul-out')
    expect(fromCase.questions[0]?.source?.url).toBe(`/t/demo/cases/${caseId}`)
    expect(
      (await call('POST', '/training/drafts', harborAdmin, { from: 'case', caseId }, { tenant: 'harbor' })).status,
    ).toBe(404)
    const othersConversation = await t.db
      .selectFrom('conversations')
      .select('id')
      .where('user_id', '=', techId)
      .executeTakeFirst()
    const privateOne = await call('POST', '/training/drafts', manager, {
      from: 'conversation',
      conversationId: othersConversation?.id,
    })
    expect(privateOne.status).toBe(404)
  })

  it.each([
    ['a technician', () => tech, { from: 'documents', expert: 'furuno', documentIds: [uuidv7()] }, 403],
    ['an unknown source', () => manager, { from: 'email' }, 400],
    ['no manuals', () => manager, { from: 'documents', expert: 'furuno', documentIds: [] }, 400],
    [
      'a manual of another expert',
      () => manager,
      { from: 'documents', expert: 'seakeeper', documentIds: [manual?.id] },
      404,
    ],
  ])('refuses %s with a JSON error', async (_, who, body, status) => {
    const res = await call('POST', '/training/drafts', who(), body)
    expect(res.status).toBe(status)
    expect(((await res.json()) as { error?: unknown }).error).toBeTruthy()
  })
})
