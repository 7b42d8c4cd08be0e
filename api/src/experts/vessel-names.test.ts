/**
 * A question naming one of the tenant's vessels is retrieved for what it asks: the name's words
 * (read from the tenant's own cases) are left out on the server, as on the device.
 */
import { caseSchema } from '@mw/sync-protocol'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'
import { seedKnowledgePacks } from './packs.ts'
import { retrieve } from './retrieve.ts'

const t = await createTestApp()
const tech = await t.signIn('tech@demo.local')
await seedKnowledgePacks(t.deps, 'demo')
const question = 'The flywheel stalls while spooling up on the Sea Breeze, what should I check first?'

describe("a vessel's name in a question", () => {
  it("is left out where the tenant's cases name that vessel, and only there", async () => {
    const before = await retrieve(t.db, 'demo', 'seakeeper', question)
    expect(before.terms).toEqual(expect.arrayContaining(['sea', 'breeze']))

    const res = await t.app.request('/api/t/demo/cases', {
      method: 'POST',
      headers: { cookie: tech, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Spool-up slow', expert: 'seakeeper', vessel: 'Sea Breeze' }),
    })
    expect(caseSchema.parse(await res.json()).vessel).toBe('Sea Breeze')

    const after = await retrieve(t.db, 'demo', 'seakeeper', question)
    expect(after.terms).not.toContain('sea')
    expect(after.terms).not.toContain('breeze')
    expect(after.sources[0]?.section).toBe('The stabilizer will not spool up')
    expect(after.bestScore).toBeGreaterThanOrEqual(before.bestScore)
    // Another tenant's vessels are not this one's.
    expect((await retrieve(t.db, 'harbor', 'seakeeper', question)).terms).toEqual(
      expect.arrayContaining(['sea', 'breeze']),
    )
  })
})
