import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'
import { OPERATIONS } from './operations.ts'

const t = await createTestApp()

/** The app's own routes, as OpenAPI paths (`:id` -> `{id}`), without the SPA fallback. */
const appRoutes = new Set(
  t.app.routes
    .filter((r) => r.method !== 'ALL' && r.path !== '/*')
    .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
)
const documented = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`))

describe('the published API contract', () => {
  it('describes every route the server has, and no route it does not have', () => {
    expect([...appRoutes].filter((r) => !documented.has(r))).toEqual([])
    expect([...documented].filter((r) => !appRoutes.has(r))).toEqual([])
  })

  it('is served as OpenAPI 3.1 with request and answer schemas from the protocol', async () => {
    const res = await t.app.request('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as {
      openapi: string
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, { content?: Record<string, { schema?: unknown }> }>; requestBody?: unknown }
        >
      >
    }
    expect(doc.openapi).toBe('3.1.0')
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0)
    expect(count).toBe(OPERATIONS.length)
    const createCase = doc.paths['/api/t/{tenant}/cases']?.post
    expect(JSON.stringify(createCase?.requestBody)).toContain('"title"')
    const caseSchema = createCase?.responses['201']?.content?.['application/json']?.schema as { properties: object }
    expect(Object.keys(caseSchema.properties)).toEqual(expect.arrayContaining(['id', 'title', 'status', 'version']))
    const errors = doc.paths['/api/t/{tenant}/documents/{id}']?.delete?.responses.default
    expect(JSON.stringify(errors)).toContain('"code"')
  })

  it('has a readable reference page listing every call', async () => {
    const res = await t.app.request('/api/docs')
    expect(res.headers.get('content-type')).toContain('text/html')
    const page = await res.text()
    for (const op of OPERATIONS) expect(page).toContain(`<code>${op.path.replace(/&/g, '&amp;')}</code>`)
  })
})
