import { describe, expect, it } from 'vitest'
import { readSseEvents } from '../experts/read-sse.ts'
import { noisePng, solidImage } from '../test/images.ts'
import { createTestApp } from '../test/test-app.ts'

const t = await createTestApp({}, {}, { knowledge: true })
const tech = await t.signIn('tech@demo.local')

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const WEBP = [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]
const image = (magic: number[], size = 64) => {
  const bytes = new Uint8Array(size)
  bytes.set(magic)
  return bytes
}

function send(
  images: { bytes: Uint8Array<ArrayBuffer>; type: string; name?: string }[],
  fields: Record<string, string> = {},
) {
  const form = new FormData()
  form.set('query', fields.query ?? 'Hydraulic leak near the gimbal, see photo')
  form.set('filters', fields.filters ?? JSON.stringify({ file_subject_type: 'seakeeper' }))
  for (const [i, img] of images.entries()) {
    form.set(`image_${i}`, new File([img.bytes], img.name ?? `photo-${i}`, { type: img.type }))
  }
  return t.app.request('/api/t/demo/experts/seakeeper/stream', {
    method: 'POST',
    headers: { cookie: tech },
    body: form,
  })
}

const messageCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('images on the expert stream', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('accepts a %s whatever type it declares', async (format) => {
    const res = await send([{ bytes: await solidImage(format), type: 'application/octet-stream' }])
    expect(res.status).toBe(200)
    expect((await readSseEvents(res)).at(-1)?.done).toBe(true)
  })

  it('accepts three images just under 10 MB', async () => {
    const big = await noisePng(1800, 1800)
    expect(big.length).toBeGreaterThan(9 * 1024 * 1024)
    expect(big.length).toBeLessThanOrEqual(10 * 1024 * 1024)
    const res = await send([big, big, big].map((bytes) => ({ bytes, type: 'image/png' })))
    expect(res.status).toBe(200)
    await res.text()
  })

  const refusals: [string, Parameters<typeof send>[0], Record<string, string>, number, string][] = [
    [
      'a GIF',
      [{ bytes: image(GIF), type: 'image/gif' }],
      {},
      415,
      'Invalid image type. Only JPEG, PNG, and WebP are allowed.',
    ],
    [
      'a script named .jpg with an image type',
      [{ bytes: new TextEncoder().encode('<script>alert(1)</script>'), type: 'image/jpeg', name: 'x.jpg' }],
      {},
      415,
      'Invalid image type. Only JPEG, PNG, and WebP are allowed.',
    ],
    [
      'an empty file',
      [{ bytes: new Uint8Array(0), type: 'image/png' }],
      {},
      415,
      'Invalid image type. Only JPEG, PNG, and WebP are allowed.',
    ],
    [
      'an image over 10 MB',
      [{ bytes: image(PNG, 10 * 1024 * 1024 + 1), type: 'image/png' }],
      {},
      413,
      'Image too large. Maximum size is 10MB.',
    ],
    [
      'a PNG header followed by no picture',
      [{ bytes: image(PNG), type: 'image/png' }],
      {},
      415,
      'Invalid image type. Only JPEG, PNG, and WebP are allowed.',
    ],
    [
      'a WebP header followed by no picture',
      [{ bytes: image(WEBP), type: 'image/webp' }],
      {},
      415,
      'Invalid image type. Only JPEG, PNG, and WebP are allowed.',
    ],
    [
      'an SVG, which the decoder is not allowed to open',
      [
        {
          bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
          type: 'image/png',
        },
      ],
      {},
      415,
      'Invalid image type. Only JPEG, PNG, and WebP are allowed.',
    ],
    [
      'four images',
      [1, 2, 3, 4].map(() => ({ bytes: image(PNG), type: 'image/png' })),
      {},
      400,
      'At most 3 images can be attached to one message.',
    ],
    [
      'filters that are not JSON',
      [],
      { filters: 'seakeeper' },
      400,
      'filters must be JSON text, e.g. {"file_subject_type":"furuno"}.',
    ],
    [
      'filters for another expert',
      [],
      { filters: '{"file_subject_type":"furuno"}' },
      400,
      'filters.file_subject_type must be "seakeeper" for this expert.',
    ],
    ['a blank query', [], { query: ' ' }, 400, 'query must not be empty.'],
  ]

  it.each(refusals)(
    'refuses %s before the stream starts and stores nothing',
    async (_, images, fields, status, message) => {
      const before = await messageCount()
      const res = await send(images, fields)
      expect(res.status).toBe(status)
      expect(res.headers.get('content-type')).toContain('application/json')
      const body = (await res.json()) as { error: { message: string } }
      expect(body.error.message).toBe(message)
      expect(await messageCount()).toBe(before)
    },
  )
})
