import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { LIMITS, pushAnswerSchema } from '@mw/sync-protocol'
import sharp from 'sharp'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { answerStoredMessage } from '../experts/answer-stored-message.ts'
import { jpegWithGps, noisePng, solidImage } from '../test/images.ts'
import { createTestApp } from '../test/test-app.ts'

/** A fake OpenAI-compatible model server on loopback that records what it was asked. */
const seen: { messages: { role: string; content: unknown }[] }[] = []
const chunk = (delta: object, finish: string | null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'boat-llm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
const fake = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (d) => (raw += d))
  req.on('end', () => {
    seen.push(JSON.parse(raw))
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk({ content: 'The photo shows a corroded anode.' }, null))
    res.write(chunk({}, 'stop'))
    res.end('data: [DONE]\n\n')
  })
})
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())))
beforeEach(() => {
  seen.length = 0
})

// The fake model server runs on loopback, which the outbound guard refuses unless the operator allows it.
const t = await createTestApp({}, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }, { knowledge: true })
const techCookie = await t.signIn('tech@demo.local')
const tech = { userId: await t.userId('tech@demo.local'), tenant: 'demo', role: 'Technician' as const }
{
  const row = await t.db
    .selectFrom('tenants')
    .select('models_json')
    .where('slug', '=', 'demo')
    .executeTakeFirstOrThrow()
  const models = JSON.parse(row.models_json)
  const port = (fake.address() as AddressInfo).port
  const model = { provider: 'openai-compatible', model: 'boat-llm', baseUrl: `http://127.0.0.1:${port}/v1` }
  models.furuno = { primary: model, fallback: null, temperature: 0.2, maxOutputTokens: 300 }
  await t.db
    .updateTable('tenants')
    .set({ models_json: JSON.stringify(models) })
    .where('slug', '=', 'demo')
    .execute()
}

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** Only a PNG's signature: what a forged "image" starts with. */
function pngSigned(size: number) {
  const bytes = Buffer.alloc(size, 7)
  bytes.set(PNG_HEADER)
  return bytes
}
const upload = (bytes: Uint8Array, type = 'image/png') => ({
  name: 'anode.png',
  type: 'image/png' as const,
  size: Math.max(1, bytes.length),
  data: `data:${type};base64,${Buffer.from(bytes).toString('base64')}`,
})

function chatSend(images: unknown[]) {
  return {
    mid: uuidv7(),
    seq: 1,
    type: 'chat.send',
    args: { conversationId: uuidv7(), messageId: uuidv7(), agentId: 'furuno', query: 'What is wrong here?', images },
    baseVersion: null,
    createdAt: new Date().toISOString(),
  }
}

const push = (mutations: unknown[], body?: string) =>
  t.app.request('/api/t/demo/sync/push', {
    method: 'POST',
    headers: { cookie: techCookie, 'content-type': 'application/json' },
    body: body ?? JSON.stringify({ deviceId: uuidv7(), mutations }),
  })

const storedImages = (messageId: string) =>
  t.db.selectFrom('message_images').selectAll().where('message_id', '=', messageId).orderBy('position').execute()
const messageExists = async (messageId: string) =>
  (await t.db.selectFrom('messages').select('id').where('id', '=', messageId).executeTakeFirst()) !== undefined

describe('offline chat images', () => {
  it('arrive in one push above the usual JSON limit, are stored with the message and reach the model', async () => {
    // Random pixels do not compress: about 900 KB, which as a data URL overflows a normal JSON body.
    const image = await noisePng(600, 500)
    const send = chatSend([upload(image)])
    const body = JSON.stringify({ deviceId: uuidv7(), mutations: [send] })
    expect(body.length).toBeGreaterThan(LIMITS.jsonBodyMaxBytes)
    const res = await push([], body)
    expect(res.status).toBe(200)
    expect(pushAnswerSchema.parse(await res.json()).results[0]?.status).toBe('applied')
    const stored = await storedImages(send.args.messageId)
    expect(stored.map((r) => r.media_type)).toEqual(['image/png'])
    const kept = Buffer.from(stored[0]?.bytes as Uint8Array)
    const meta = await sharp(kept).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 500])

    const answer = await answerStoredMessage(t.deps, tech, send.args.messageId)
    expect(answer?.content).toContain('corroded anode')
    const parts = seen[0]?.messages.at(-1)?.content as { type: string; image_url?: { url: string } }[]
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url'])
    expect(parts[1]?.image_url?.url).toBe(`data:image/png;base64,${kept.toString('base64')}`)
  })

  it('are stored re-encoded, without the EXIF and GPS position the phone wrote', async () => {
    const send = chatSend([upload(await jpegWithGps(), 'image/png')])
    const res = await push([send])
    expect(pushAnswerSchema.parse(await res.json()).results[0]?.status).toBe('applied')
    const stored = await storedImages(send.args.messageId)
    expect(stored.map((r) => r.media_type)).toEqual(['image/jpeg'])
    const kept = Buffer.from(stored[0]?.bytes as Uint8Array)
    expect((await sharp(kept).metadata()).exif).toBeUndefined()
    expect(kept.toString('latin1')).not.toContain('Skipper Jane')
  })

  const text = Buffer.from('#!/bin/sh\necho not an image\n')
  it.each([
    ['a file that only claims to be a PNG', [upload(text)], 'unsupported_media_type'],
    ['a PNG signature with no picture behind it', [upload(pngSigned(100))], 'unsupported_media_type'],
    [
      'a data URL that is not base64',
      [{ ...upload(pngSigned(100)), data: 'data:image/png,<svg onload=alert(1)>' }],
      'unsupported_media_type',
    ],
    ['four images', [1, 2, 3, 4].map(() => upload(pngSigned(100))), 'invalid_input'],
    [
      'an image over 10 MB',
      [{ ...upload(pngSigned(100)), data: `data:image/png;base64,${'A'.repeat(LIMITS.imageDataUrlMaxChars)}` }],
      'invalid_input',
    ],
  ])('rejects %s with a reason and stores nothing', async (_name, images, code) => {
    const send = chatSend(images)
    const res = await push([send])
    expect(res.status).toBe(200)
    const result = pushAnswerSchema.parse(await res.json()).results[0]
    expect(result).toMatchObject({ status: 'rejected', code })
    expect(result?.reason).toMatch(/\w+ \w+/)
    expect(await messageExists(send.args.messageId)).toBe(false)
    expect(await storedImages(send.args.messageId)).toEqual([])
  })

  it('are re-encoded two at a time, leaving the rest of the libuv thread pool to file reads, compression and DNS', async () => {
    // 16 megapixels in 50 KB: a push of 150 such photos once held every thread for half a minute.
    const photo = upload(await solidImage('png', 4000, 4000))
    const sends = Array.from({ length: 6 }, (_, i) => ({ ...chatSend([photo, photo, photo]), seq: i + 1 }))
    let most = 0
    const sample = setInterval(() => {
      most = Math.max(most, sharp.counters().process)
    }, 2)
    const res = await push(sends)
    clearInterval(sample)
    const { results } = pushAnswerSchema.parse(await res.json())
    expect(results.map((r) => r.status)).toEqual(sends.map(() => 'applied'))
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(2)
  })

  it('answers 413 to a push above the push limit, and other JSON bodies keep the 1 MB limit', async () => {
    const big = 'x'.repeat(LIMITS.pushBodyMaxBytes + 1)
    expect((await push([], big)).status).toBe(413)
    const declared = await t.app.request('/api/t/demo/sync/push', {
      method: 'POST',
      headers: { cookie: techCookie, 'content-type': 'application/json', 'content-length': String(big.length) },
      body: big,
    })
    expect(declared.status).toBe(413)
    const caseBody = JSON.stringify({
      title: 'Big',
      expert: 'furuno',
      description: 'x'.repeat(LIMITS.jsonBodyMaxBytes),
    })
    const other = await t.app.request('/api/t/demo/cases', {
      method: 'POST',
      headers: { cookie: techCookie, 'content-type': 'application/json', 'content-length': String(caseBody.length) },
      body: caseBody,
    })
    expect(other.status).toBe(413)
  })
})
