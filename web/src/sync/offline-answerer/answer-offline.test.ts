import { afterEach, describe, expect, it, vi } from 'vitest'

/** A worker whose script fails to load, as one started at sea before its chunks were kept. */
class UnloadableWorker {
  static started = 0
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  constructor() {
    UnloadableWorker.started++
    setTimeout(() => this.onerror?.(new Event('error')), 0)
  }
  postMessage() {}
  terminate() {}
}

describe('the offline answerer', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('answers nothing, instead of never, when its script cannot be loaded, and tries again next time', async () => {
    vi.stubGlobal('Worker', UnloadableWorker)
    const { answerOffline } = await import('./answer-offline.ts')
    const question = {
      userId: 'u1',
      tenant: 'demo',
      expert: 'seakeeper' as const,
      query: 'alarm',
      conversationId: 'c1',
    }
    await expect(answerOffline(question)).resolves.toBeNull()
    await expect(answerOffline(question)).resolves.toBeNull()
    expect(UnloadableWorker.started).toBe(2)
  })
})
