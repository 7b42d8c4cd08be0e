// @vitest-environment node
/**
 * Model-based property test of the whole sync path against the real app in this process
 * (test/sync-chaos-scenario.ts says what is done and checked).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FAULTS, opArb, runChaosScenario } from '../test/sync-chaos-scenario.ts'
import { startServer } from './test/server-harness.ts'

describe('sync under a hostile network', () => {
  it('applies every change exactly once and converges every device once the network heals', async () => {
    let runs = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 5, maxLength: 30 }),
        fc.array(fc.constantFrom(...FAULTS), { maxLength: 20 }),
        async (ops, faults) => {
          runs += 1
          const asked: string[] = []
          const server = await startServer({ onUserMessage: (_actor, id) => asked.push(id) })
          await runChaosScenario({ ...server, asked }, ops, faults)
        },
      ),
      { numRuns: 25, endOnFailure: true },
    )
    expect(runs).toBeGreaterThan(0)
  }, 60_000)
})
