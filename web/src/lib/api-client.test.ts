import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { ApiError, apiRequest } from './api-client.ts'

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
})

const PORTAL = '<!doctype html><html><body>Sign in to Marina Wi-Fi</body></html>'
const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ApiError,
  )

describe('an answer that did not come from the server', () => {
  test.each([
    ['a Wi-Fi sign-in page answering 200', 200],
    ['a proxy page answering 403', 403],
  ])('%s is no network, not an answer or a refusal', async (_name, status) => {
    fetchMock.mockResolvedValue(new Response(PORTAL, { status, headers: { 'content-type': 'text/html' } }))
    const error = await caught(apiRequest('GET', '/api/t/demo/cases', z.object({ cases: z.array(z.unknown()) })))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: 'network' })
    expect(error?.serverMessage).not.toContain('<')
    expect(error?.message).toBe(`${status}: ${PORTAL}`)
  })

  test("the server's own error body keeps its code and sentence", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: 'forbidden', message: 'Only admins can do that.' } }, { status: 403 }),
    )
    const error = await caught(apiRequest('GET', '/api/t/demo/admin/users', z.unknown()))
    expect(error).toMatchObject({ status: 403, code: 'forbidden', serverMessage: 'Only admins can do that.' })
  })
})
