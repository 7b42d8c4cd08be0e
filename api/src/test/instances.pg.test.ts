import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exitOf, freePort, startServer, untilReady } from './server-process.ts'
import { signInOver, startAnswer, startSlowModel, useModel } from './slow-model.ts'
import { newPostgresDatabase } from './test-database.ts'

/** Two server processes on one PostgreSQL database: whatever one is asked, the other knows. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-two-'))
const bases: string[] = []
const children: ReturnType<typeof startServer>[] = []
let model: Awaited<ReturnType<typeof startSlowModel>>

beforeAll(async () => {
  model = await startSlowModel()
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
  for (const child of children) {
    const exited = exitOf(child)
    child.kill('SIGKILL')
    await exited
  }
  await model.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('two instances on one PostgreSQL database', () => {
  it('stops an answer one instance is writing when the other is asked to stop it', async () => {
    const [a, b] = bases as [string, string]
    const { cookie } = await signInOver(a, 'admin@demo.local')
    const headers = (base: string) => ({ cookie, 'content-type': 'application/json', origin: base })
    expect(await useModel(b, headers(b), model.baseUrl)).toBe(200)
    const messageId = '0193f000-0000-7000-8000-0000000000b2'
    const { reader } = await startAnswer(a, headers(a), messageId)

    const stopped = await fetch(`${b}/api/t/demo/messages/${messageId}/stop`, { method: 'POST', headers: headers(b) })
    expect(stopped.status).toBe(200)
    const answer = (await stopped.json()) as { content: string; metadata: { answer?: { stopped?: boolean } } }
    expect(answer.content).toContain('seacock')
    expect(answer.metadata.answer?.stopped).toBe(true)
    while (!(await reader.read()).done) {
      // The stream on the other instance ends too.
    }
  }, 60_000)

  it('shares one sign-in budget: requests alternating between instances are refused past it', async () => {
    let granted = 0
    let refused = 0
    for (let i = 0; i < 80; i++) {
      const { status } = await signInOver(bases[i % 2] as string, 'tech@demo.local')
      if (status === 303) granted++
      else if (status === 429) refused++
    }
    // A burst of 60 per address, refilled at 2 a second; each instance alone would grant all 80.
    expect(granted).toBeGreaterThanOrEqual(60)
    expect(granted).toBeLessThan(75)
    expect(refused).toBe(80 - granted)
  }, 60_000)
})
