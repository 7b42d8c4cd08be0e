import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'
import { builtAnswer, DATA_ANSWER_HEADERS } from './json-answer.ts'

const decode = { br: brotliDecompressSync, gzip: gunzipSync }

/** Every header the answer carries, by name. */
const headersOf = (res: Response) => Object.fromEntries(res.headers)

describe('a JSON answer built whole', () => {
  it('leaves the app as it was built, with the security, cache and request-id headers, compressed or not', async () => {
    const t = await createTestApp()
    const cookie = await t.signIn('manager@demo.local')
    const ask = (encoding: string) =>
      t.app.request('/api/t/demo/cases', {
        headers: { cookie, 'accept-encoding': encoding, 'x-request-id': 'tablet-7.req-1' },
      })
    const plain = await ask('identity')
    // No middleware copied it to add a header (which would have turned its headers into a Headers object).
    expect(builtAnswer(plain)).toBeDefined()
    const text = await plain.text()
    expect(JSON.parse(text).length).toBeGreaterThan(0)
    expect(headersOf(plain)).toEqual({
      'content-type': 'application/json',
      ...DATA_ANSWER_HEADERS,
      'cache-control': 'no-store',
      vary: 'Accept-Encoding',
      'x-request-id': 'tablet-7.req-1',
    })
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await ask(encoding)
      expect(builtAnswer(res), encoding).toBeDefined()
      expect(headersOf(res)).toEqual({ ...headersOf(plain), 'content-encoding': encoding })
      const body = Buffer.from(await res.arrayBuffer())
      expect(body.length).toBeLessThan(text.length / 2)
      expect(decode[encoding](body).toString()).toBe(text)
    }
  })

  it('is not compressed under 1 KB, and keeps the headers its route gives (the next page)', async () => {
    const t = await createTestApp()
    const cookie = await t.signIn('manager@demo.local')
    const res = await t.app.request('/api/t/demo/cases?limit=1', { headers: { cookie, 'accept-encoding': 'br' } })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('link')).toMatch(/^<\/api\/t\/demo\/cases\?limit=1&cursor=[\w-]+>; rel="next"$/)
    expect(await res.json()).toHaveLength(1)
  })

  it('carries a cookie set before it (a renewed session), with the same headers, compressed all the same', async () => {
    const t = await createTestApp()
    const cookie = await t.signIn('tech@demo.local')
    const ask = () => t.app.request('/api/t/demo/cases', { headers: { cookie, 'accept-encoding': 'br' } })
    const before = await ask()
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .execute()
    const renewed = await ask()
    expect(renewed.headers.get('set-cookie')).toMatch(new RegExp(`^${cookie}; Max-Age=\\d+`))
    const { 'set-cookie': _, 'x-request-id': id, ...rest } = headersOf(renewed)
    const { 'x-request-id': firstId, ...same } = headersOf(before)
    expect(id).not.toBe(firstId)
    expect(rest).toEqual(same)
    expect(brotliDecompressSync(Buffer.from(await renewed.arrayBuffer())).toString()).toBe(
      brotliDecompressSync(Buffer.from(await before.arrayBuffer())).toString(),
    )
  })
})
