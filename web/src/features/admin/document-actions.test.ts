// @vitest-environment node
// Node's own FormData and File, as a browser sends them: jsdom's do not reach the in-process server intact.
import { afterEach, expect, it, vi } from 'vitest'
import { fetchAs, startServer } from '../../sync/test/server-harness.ts'
import { uploadDocuments } from './document-actions.ts'

afterEach(() => vi.unstubAllGlobals())

it('uploads 45 manuals chosen at once in requests of 20 the server takes, and answers all of them', async () => {
  const server = await startServer()
  const admin = await server.signIn('admin@demo.local')
  const sizes: number[] = []
  const fetch = fetchAs(admin, server.handle)
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) sizes.push(init.body.getAll('file').length)
    return fetch(input, init)
  })
  const files = Array.from({ length: 45 }, (_, i) => new File([`# Manual ${i}\n\nText ${i}.`], `manual-${i}.md`))
  const { documents } = await uploadDocuments('demo', 'furuno', files)
  expect(sizes).toEqual([20, 20, 5])
  expect(documents.map((d) => d.fileName)).toEqual(files.map((f) => f.name))
})
