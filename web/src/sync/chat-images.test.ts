// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { LocalDb } from '../db/local-db.ts'
import { createCase } from '../features/cases/actions.ts'
import { queueChatMessage } from '../features/chat/actions.ts'
import { drainAll } from './drainer.ts'
import { randomPng } from './test/png.ts'
import { fetchAs, startServer } from './test/server-harness.ts'

/** A real PNG of random pixels (so it does not compress) whose data URL alone is larger than a normal JSON request. */
function photo() {
  const bytes = randomPng(640, 640)
  return {
    name: 'anode.png',
    type: 'image/png' as const,
    size: bytes.length,
    data: `data:image/png;base64,${bytes.toString('base64')}`,
  }
}

describe('an offline chat message with an image', () => {
  it('is pushed in a request of its own, in order, and the server keeps the image', async () => {
    const server = await startServer()
    const cookie = await server.signIn('tech@demo.local')
    const db = new LocalDb(await server.userId('tech@demo.local'), 'demo')
    const sent: number[] = []
    const base = fetchAs(cookie, server.handle)
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/sync/push')) sent.push(JSON.parse(String(init?.body)).mutations.length)
      return base(input, init)
    }) as typeof globalThis.fetch

    await createCase(db, { title: 'Before', description: '', expert: 'furuno', tags: [] })
    const { messageId } = await queueChatMessage(db, { agentId: 'furuno', query: 'What is this?', images: [photo()] })
    await createCase(db, { title: 'After', description: '', expert: 'furuno', tags: [] })
    expect(await drainAll(db, { fetch })).toEqual({ status: 'synced' })

    expect(sent).toEqual([1, 1, 1])
    expect(await db.outbox.count()).toBe(0)
    const images = await server.db
      .selectFrom('message_images')
      .selectAll()
      .where('message_id', '=', messageId)
      .execute()
    // Kept as the server re-encoded it: still a PNG of the same size in pixels.
    expect(images.map((i) => i.media_type)).toEqual(['image/png'])
    expect(Buffer.from(images[0]?.bytes as Uint8Array).readUInt32BE(16)).toBe(640)
    const titles = await server.db
      .selectFrom('cases')
      .select('title')
      .where('title', 'in', ['Before', 'After'])
      .orderBy('created_at')
      .execute()
    expect(titles.map((c) => c.title)).toEqual(['Before', 'After'])
  })
})
