import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInstancesOnPostgres } from './instances-on-postgres.ts'
import { signInOver, startAnswer, startSlowModel, useModel } from './slow-model.ts'

/** Two server processes on one PostgreSQL database: whatever one is asked, the other knows. */
let bases: string[] = []
let stop: () => Promise<void>
let model: Awaited<ReturnType<typeof startSlowModel>>

beforeAll(async () => {
  model = await startSlowModel()
  ;({ bases, stop } = await startInstancesOnPostgres(['a', 'b'], { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }))
}, 90_000)

afterAll(async () => {
  await stop()
  await model.close()
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
