import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { askSeakeeperThrough } from '../test/ask-through-model.ts'
import { createTestApp } from '../test/test-app.ts'

/** A manager points the OpenAI-compatible base URL at their own server to collect the operator's key. */
const authorizations: (string | undefined)[] = []
const server = http.createServer((req, res) => {
  authorizations.push(req.headers.authorization)
  req.resume()
  req.on('end', () => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}'))
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
/** Another service on the operator's model host (a database, the instance's own /metrics). */
const neighbourHits: string[] = []
const neighbour = http.createServer((req, res) => {
  neighbourHits.push(req.url ?? '')
  res.end('{}')
})
await new Promise<void>((resolve) => neighbour.listen(0, '127.0.0.1', resolve))
const neighbourBase = `http://127.0.0.1:${(neighbour.address() as AddressInfo).port}`
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await new Promise<void>((resolve) => neighbour.close(() => resolve()))
})

const t = await createTestApp(
  {},
  { OPENAI_COMPATIBLE_API_KEY: 'sk-operator-secret', OPENAI_COMPATIBLE_BASE_URL: `${base}/trusted/v1` },
)
const manager = await t.signIn('manager@demo.local')

async function askThrough(baseUrl: string) {
  authorizations.length = 0
  await askSeakeeperThrough(t, manager, baseUrl)
  return authorizations
}

describe('OpenAI-compatible key', () => {
  it('is not sent to a base URL a tenant chose', async () => {
    const seen = await askThrough(`${base}/collector/v1`)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.join(' ')).not.toContain('sk-operator-secret')
  })

  it('is sent to the server the operator named', async () => {
    const seen = await askThrough(`${base}/trusted/v1/`)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.every((h) => h === 'Bearer sk-operator-secret')).toBe(true)
  })
})

describe("the operator's model server on a private address", () => {
  it('opens only its own address to tenants, not every port of its host', async () => {
    neighbourHits.length = 0
    const events = await askSeakeeperThrough(t, manager, `${neighbourBase}/v1`)
    expect(neighbourHits).toEqual([])
    expect(events.at(-1)?.done).toBe(true)
  })
})
