import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { askSeakeeperThrough } from '../test/ask-through-model.ts'
import { createTestApp } from '../test/test-app.ts'

/** An OpenAI-compatible server that ignores maxOutputTokens and streams 300 KB, five characters a delta. */
const chunk = (delta: object, finish: string | null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
const endless = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk({ content: 'word ' }, null).repeat(60_000))
    res.write(chunk({}, 'stop'))
    res.end('data: [DONE]\n\n')
  })
})
await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => endless.close(() => resolve())))

const t = await createTestApp({}, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' })
const manager = await t.signIn('manager@demo.local')

describe('a model that does not stop', () => {
  it('is cut off past any answer a model may write, and the answer says it was stopped', async () => {
    const port = (endless.address() as AddressInfo).port
    const events = await askSeakeeperThrough(t, manager, `http://127.0.0.1:${port}/v1`)
    expect(events.at(-1)?.done).toBe(true)
    const text = events.map((e) => e.text ?? '').join('')
    expect(text.length).toBeGreaterThan(60_000)
    expect(text.length).toBeLessThan(70_000)
    const stored = await t.db
      .selectFrom('messages')
      .select(['content', 'answer_json'])
      .where('role', '=', 'assistant')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(stored.content).toBe(text)
    expect(JSON.parse(stored.answer_json ?? '{}')).toMatchObject({ by: 'primary', stopped: true })
  })
})
