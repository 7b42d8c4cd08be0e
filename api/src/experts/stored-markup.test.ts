import { titleFromQuestion } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'
import { parseDocument } from './parse-document.ts'
import { readSseEvents } from './read-sse.ts'

const hostile = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(document.cookie)">',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
]

describe('markup users typed or files carried is stored as plain text', () => {
  it.each(hostile)('a conversation title from %s holds no markup', (markup) => {
    const title = titleFromQuestion(`${markup} Gyro will not spool up`)
    expect(title).not.toMatch(/[<>]/)
    expect(title).toContain('Gyro will not spool up')
  })

  it('a question that is only markup gets the default title', () => {
    expect(titleFromQuestion('<img src=x onerror=alert(1)>')).toBe('New Conversation')
  })

  it.each(['manual.md', 'manual.txt', 'manual.html'])(
    'passages of %s keep their words but no script or handler',
    async (name) => {
      const text = `# Seakeeper 6\n\n${hostile.join('\n')}\n\nCheck the raw-water pump impeller every 500 hours.\n`
      const parsed = await parseDocument(name, new TextEncoder().encode(text))
      const passages = parsed.paragraphs.map((p) => p.text).join('\n')
      expect(passages).toContain('raw-water pump impeller')
      expect(passages).not.toMatch(/<script|onerror|onload|javascript:/i)
    },
  )

  it('the stored conversation title from a hostile question is plain text', async () => {
    const t = await createTestApp()
    const tech = await t.signIn('tech@demo.local')
    const res = await t.app.request('/api/t/demo/experts/seakeeper/stream', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '<img src=x onerror=alert(1)>Why does the gyro vibrate?',
        filters: { file_subject_type: 'seakeeper' },
      }),
    })
    const conversationId = (await readSseEvents(res)).find((e) => e.conversationId)?.conversationId ?? ''
    const row = await t.db
      .selectFrom('conversations')
      .select('title')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow()
    expect(row.title).toBe('Why does the gyro vibrate?')
  })
})
