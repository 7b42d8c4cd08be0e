import { errorBodySchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { fingerprint } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

/**
 * A form is parsed on the event loop at a few microseconds a part: 31 MB of empty parts held it
 * four seconds, and the local sign-in takes a form from anyone.
 */
const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
const manager = await t.signIn('manager@demo.local')
const [caseId] = (await t.db.selectFrom('cases').select('id').where('tenant_slug', '=', 'demo').execute()).map(
  (c) => c.id,
)

const PART = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n'
const manyParts = `${PART.repeat(100_000)}--x--\r\n`

const post = (path: string, cookie: string | null) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x', ...(cookie ? { cookie } : {}) },
    body: manyParts,
  })

describe('a form of a hundred thousand parts', () => {
  it.each([
    ['the local sign-in, signed out', '/api/login/local', null],
    ['a question with images', '/api/t/demo/experts/seakeeper/stream', tech],
    ['a case file', `/api/t/demo/cases/${caseId}/attachments`, manager],
    ['a training image', '/api/t/demo/training/images', manager],
  ])('is refused before it is parsed: %s', async (_name, path, cookie) => {
    const before = await fingerprint(t.db)
    const res = await post(path, cookie)
    expect(res.status).toBe(413)
    expect(errorBodySchema.parse(await res.json()).error.message).toMatch(/more than \d+ parts/)
    expect(await fingerprint(t.db)).toBe(before)
  })
})
