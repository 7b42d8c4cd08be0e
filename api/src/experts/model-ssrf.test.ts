import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { askSeakeeperThrough } from '../test/ask-through-model.ts'
import { createTestApp } from '../test/test-app.ts'

/** An internal service on loopback that a manager tries to reach through the model settings. */
const hits: string[] = []
const internal = http.createServer((req, res) => {
  hits.push(req.url ?? '')
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"internal-admin-token"}')
})
await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
const internalBase = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`
afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())))

const t = await createTestApp()
const manager = await t.signIn('manager@demo.local')

describe('model settings cannot reach private addresses', () => {
  it.each([
    ['a loopback service', `${internalBase}/v1`],
    ['the cloud metadata address', 'http://169.254.169.254/v1'],
    ['an IPv4-mapped loopback', `http://[::ffff:127.0.0.1]:${new URL(internalBase).port}/v1`],
    ['localhost by name', `http://localhost:${new URL(internalBase).port}/v1`],
  ])('%s: nothing is called, and the answer comes from the manuals', async (_name, baseUrl) => {
    hits.length = 0
    const events = await askSeakeeperThrough(t, manager, baseUrl)
    expect(hits).toEqual([])
    expect(events.at(-1)?.done).toBe(true)
    expect(JSON.stringify(events)).not.toContain('internal-admin-token')
  })
})
