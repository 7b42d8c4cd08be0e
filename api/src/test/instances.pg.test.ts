import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exitOf, freePort, startServer, untilReady } from './server-process.ts'
import { newPostgresDatabase } from './test-database.ts'

/** Two server processes on one PostgreSQL database: whatever one is asked, the other knows. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-two-'))
const bases: string[] = []
const children: ReturnType<typeof startServer>[] = []
let endless = true
const model = http.createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  const chunk = (content: string) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`
  res.write(chunk('Check the seacock first.\n\n'))
  const timer = setInterval(() => (endless ? res.write(chunk('Still writing.\n\n')) : res.end()), 200)
  res.on('close', () => clearInterval(timer))
})

beforeAll(async () => {
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve))
  const url = await newPostgresDatabase()
  for (const name of ['a', 'b']) {
    const port = await freePort()
    const env = { DATABASE_URL: url, INSTANCE_ID: name, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }
    const child = startServer(port, dataDir, env)
    await untilReady(`http://127.0.0.1:${port}`, child)
    bases.push(`http://127.0.0.1:${port}`)
    children.push(child)
  }
}, 90_000)

afterAll(async () => {
  endless = false
  for (const child of children) {
    const exited = exitOf(child)
    child.kill('SIGKILL')
    await exited
  }
  model.closeAllConnections()
  await new Promise<void>((resolve) => model.close(() => resolve()))
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function signIn(base: string, email: string): Promise<{ status: number; cookie: string }> {
  const res = await fetch(`${base}/api/login/local`, {
    method: 'POST',
    body: new URLSearchParams({ email }),
    redirect: 'manual',
  })
  return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' }
}

describe('two instances on one PostgreSQL database', () => {
  it('stops an answer one instance is writing when the other is asked to stop it', async () => {
    const [a, b] = bases as [string, string]
    const { cookie } = await signIn(a, 'admin@demo.local')
    const headers = (base: string) => ({ cookie, 'content-type': 'application/json', origin: base })
    const saved = await fetch(`${b}/api/t/demo/admin/models/seakeeper`, {
      method: 'PUT',
      headers: headers(b),
      body: JSON.stringify({
        primary: {
          provider: 'openai-compatible',
          model: 'm',
          baseUrl: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
        },
        fallback: null,
        temperature: 0.2,
        maxOutputTokens: 500,
      }),
    })
    expect(saved.status).toBe(200)
    const messageId = '0193f000-0000-7000-8000-0000000000b2'
    const stream = await fetch(`${a}/api/t/demo/experts/seakeeper/stream`, {
      method: 'POST',
      headers: headers(a),
      body: JSON.stringify({ query: 'cooling alarm', filters: { file_subject_type: 'seakeeper' }, messageId }),
    })
    const reader = stream.body?.getReader()
    let received = ''
    while (!received.includes('data: {"text"')) received += new TextDecoder().decode((await reader?.read())?.value)

    const stopped = await fetch(`${b}/api/t/demo/messages/${messageId}/stop`, { method: 'POST', headers: headers(b) })
    expect(stopped.status).toBe(200)
    const answer = (await stopped.json()) as { content: string; metadata: { answer?: { stopped?: boolean } } }
    expect(answer.content).toContain('seacock')
    expect(answer.metadata.answer?.stopped).toBe(true)
    for (;;) {
      const part = await reader?.read()
      if (!part || part.done) break
    }
  }, 60_000)

  it('shares one sign-in budget: requests alternating between instances are refused past it', async () => {
    let granted = 0
    let refused = 0
    for (let i = 0; i < 80; i++) {
      const { status } = await signIn(bases[i % 2] as string, 'tech@demo.local')
      if (status === 303) granted++
      else if (status === 429) refused++
    }
    // A burst of 60 per address, refilled at 2 a second; each instance alone would grant all 80.
    expect(granted).toBeGreaterThanOrEqual(60)
    expect(granted).toBeLessThan(75)
    expect(refused).toBe(80 - granted)
  }, 60_000)
})
