import { messageSchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { toMessage } from '../db/queries/conversations.ts'
import { createTestApp } from '../test/test-app.ts'
import { resetSeededTenant } from './reset-tenant.ts'

const sampleAnswers = async (db: Awaited<ReturnType<typeof createTestApp>>['db']) =>
  (
    await db
      .selectFrom('messages')
      .selectAll()
      .where('tenant_slug', '=', 'demo')
      .where('role', '=', 'assistant')
      .execute()
  ).map((row) => messageSchema.parse(toMessage(row)))

describe('sample answers', () => {
  it("cite the starter packs' pages once they are loaded, each one a document the conversation's owner can open", async () => {
    const t = await createTestApp({}, {}, { knowledge: true })
    const answers = await sampleAnswers(t.db)
    expect(answers.length).toBeGreaterThan(0)
    const owner = await t.db
      .selectFrom('conversations')
      .innerJoin('users', 'users.id', 'conversations.user_id')
      .select('users.email')
      .where('conversations.id', '=', answers[0]?.conversationId ?? '')
      .executeTakeFirstOrThrow()
    const cookie = await t.signIn(owner.email)
    for (const answer of answers) {
      expect(answer.metadata.sources.length).toBeGreaterThan(0)
      for (const source of answer.metadata.sources) expect(source.documentId).toBeTruthy()
    }
    const { documentId, url } = answers[0]?.metadata.sources[0] ?? {}
    expect(url).toContain(documentId)
    expect((await t.call('GET', `/documents/${documentId}`, cookie)).status).toBe(200)
  })

  it('are cited again, and their new sources sent to devices, after a demo reset', async () => {
    const t = await createTestApp({}, {}, { knowledge: true })
    await resetSeededTenant(t.db, 'demo')
    const answers = await sampleAnswers(t.db)
    expect(answers.every((a) => a.metadata.sources.length > 0 && a.metadata.sources.every((s) => s.documentId))).toBe(
      true,
    )
    const versions = await t.db
      .selectFrom('change_log')
      .select(['entity', 'entity_id', 'version'])
      .where('tenant_slug', '=', 'demo')
      .execute()
    // Cited after the whole tenant was seeded again: a device's next pull brings the new sources.
    const seededLast = Math.max(...versions.filter((v) => v.entity !== 'message').map((v) => Number(v.version)))
    for (const answer of answers) {
      const logged = versions.find((v) => v.entity === 'message' && v.entity_id === answer.id)
      expect(Number(logged?.version)).toBeGreaterThan(seededLast)
    }
  })
})
