import { errorBodySchema } from '@mw/sync-protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import { send, type TestApp } from '../test/http.ts'
import { createTestApp } from '../test/test-app.ts'

let t: TestApp
let manager: string
let admin: string
beforeAll(async () => {
  t = await createTestApp({}, {}, { knowledge: true })
  manager = await t.signIn('manager@demo.local')
  admin = await t.signIn('admin@demo.local')
  for (let i = 0; i < 7; i++) {
    const res = await send(t, manager, 'POST', '/api/t/demo/cases', { title: `Paged ${i}`, expert: 'furuno' })
    expect(res.status).toBe(201)
  }
})

const nextLink = (headers: Headers) => /^<([^>]+)>; rel="next"$/.exec(headers.get('link') ?? '')?.[1] ?? null

/** Every page of a list, following its Link headers from `path`; the items of each page. */
async function pages(cookie: string, path: string, items: (body: unknown) => { id: string }[]) {
  const seen: string[][] = []
  let next: string | null = path
  while (next) {
    const res = await send(t, cookie, 'GET', next)
    expect(res.status).toBe(200)
    seen.push(items(res.body).map((row) => row.id))
    next = nextLink(res.headers)
    expect(seen.length).toBeLessThan(100)
  }
  return seen
}

const asArray = (body: unknown) => body as { id: string }[]

describe('paging the REST lists', () => {
  it.each([
    ['cases', '/api/t/demo/cases', asArray],
    ['conversations', '/api/t/demo/conversations', asArray],
    ['training sets', '/api/t/demo/training/sets', asArray],
    ['training assignments', '/api/t/demo/training/assignments', asArray],
    ['users', '/api/t/demo/admin/users', asArray],
    [
      'documents',
      '/api/t/demo/experts/furuno/documents',
      (body: unknown) => (body as { documents: { id: string }[] }).documents,
    ],
  ] as const)('pages %s with limit and a cursor: every row once, in the unpaged order', async (_, path, items) => {
    const cookie = path.includes('/admin/') ? admin : manager
    const whole = items((await send(t, cookie, 'GET', path)).body).map((row) => row.id)
    expect(whole.length).toBeGreaterThan(1)
    const paged = await pages(cookie, `${path}?limit=2`, items)
    expect(paged.every((page) => page.length <= 2)).toBe(true)
    expect(paged.flat()).toEqual(whole)
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${Buffer.from('[1,2]').toString('base64url')}`, 'cursor'],
    [`cursor=${'a'.repeat(401)}`, 'cursor'],
  ])('answers ?%s with a 400 naming %s', async (query, field) => {
    const res = await send(t, manager, 'GET', `/api/t/demo/cases?${query}`)
    expect(res.status).toBe(400)
    expect(errorBodySchema.parse(res.body).error.field).toBe(field)
  })

  it('answers the work lists 200 rows at most when no limit is asked', async () => {
    const many = Array.from({ length: 205 }, (_, i) => ({ title: `Bulk ${i}`, expert: 'furuno' }))
    for (const body of many) await send(t, manager, 'POST', '/api/t/demo/cases', body)
    const res = await send(t, manager, 'GET', '/api/t/demo/cases')
    expect(res.body).toHaveLength(200)
    expect(nextLink(res.headers)).toMatch(/limit=200&cursor=/)
  })
})
