import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { jpegWithGps, noisePng, solidImage } from '../test/images.ts'
import { IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, INVALID_IMAGE_TYPE, reencodeImage, reencodeImages } from './images.ts'

/** One PNG chunk: length, type, data, CRC over type and data. */
function chunk(type: string, data: Uint8Array) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(8 + data.length + 4)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), 8 + data.length)
  return out
}

/** A PNG whose header claims `width` x `height` and whose data is a few bytes: a decompression bomb's shape. */
function pngClaiming(width: number, height: number) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk('IEND', new Uint8Array()),
    ]),
  )
}

async function refusal(input: Uint8Array) {
  const error = await reencodeImage(input).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>'

describe('re-encoding user images', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'keeps a %s in its own format, trusting only what decodes',
    async (format) => {
      const out = await reencodeImage(await solidImage(format))
      expect(out.mediaType).toBe(`image/${format}`)
      const meta = await sharp(out.bytes).metadata()
      expect(meta.format).toBe(format)
      expect([meta.width, meta.height]).toEqual([64, 48])
    },
  )

  it('drops EXIF (camera, author, GPS position) and every other metadata block', async () => {
    const input = await jpegWithGps()
    expect((await sharp(input).metadata()).exif).toBeDefined()
    const out = await reencodeImage(input)
    const meta = await sharp(out.bytes).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    const text = Buffer.from(out.bytes).toString('latin1')
    for (const word of ['Skipper Jane', 'Deck Cam', 'PhoneCo', 'Exif']) expect(text).not.toContain(word)
  })

  it('scales an image wider than 1600 px down proportionally', async () => {
    const out = await reencodeImage(await noisePng(2000, 1000))
    const meta = await sharp(out.bytes).metadata()
    expect([meta.width, meta.height]).toEqual([1600, 800])
  })

  it('leaves nothing of a PNG/HTML polyglot but its pixels', async () => {
    const png = Buffer.from(await solidImage('png'))
    const iend = png.length - 12
    const withText = Buffer.concat([
      png.subarray(0, iend),
      chunk('tEXt', Buffer.from(`Comment\0${HTML}`)),
      png.subarray(iend),
    ])
    for (const polyglot of [withText, Buffer.concat([png, Buffer.from(HTML)])]) {
      expect(polyglot.toString('latin1')).toContain('<script')
      const out = await reencodeImage(new Uint8Array(polyglot))
      expect(out.mediaType).toBe('image/png')
      expect(Buffer.from(out.bytes).toString('latin1')).not.toContain('<script')
    }
  })

  it('refuses a decompression bomb from its header, before decoding a pixel', async () => {
    const error = await refusal(pngClaiming(30_000, 30_000))
    expect(error.code).toBe('payload_too_large')
    expect(error.message).toBe(IMAGE_TOO_MANY_PIXELS)
  })

  it.each([
    ['HTML', new TextEncoder().encode(HTML)],
    ['an SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')],
    ['a GIF', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b])],
    ['a PNG signature with no picture', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['nothing', new Uint8Array()],
  ])('refuses %s as an invalid image type', async (_, input) => {
    const error = await refusal(input)
    expect(error.code).toBe('unsupported_media_type')
    expect(error.message).toBe(INVALID_IMAGE_TYPE)
  })

  it('refuses a JPEG cut off halfway', async () => {
    const whole = await reencodeImage(await noisePng(400, 300)).then((png) => sharp(png.bytes).jpeg().toBuffer())
    const error = await refusal(new Uint8Array(whole.subarray(0, whole.length >> 1)))
    expect(error.message).toBe(INVALID_IMAGE_TYPE)
  })

  it('refuses more than 10 MB and more than three images', async () => {
    expect((await refusal(new Uint8Array(10 * 1024 * 1024 + 1))).message).toBe(IMAGE_TOO_LARGE)
    const small = await solidImage('png')
    await expect(reencodeImages([small, small, small, small])).rejects.toMatchObject({ code: 'invalid_input' })
  })
})
