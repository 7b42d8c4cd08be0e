import { afterEach, describe, expect, test, vi } from 'vitest'
import { checkImage, IMAGE_BAD_TYPE, IMAGE_TOO_LARGE, prepareImage } from './images.ts'
import { scaleImage } from './scale-image.ts'

afterEach(() => vi.unstubAllGlobals())

describe('image attachments', () => {
  test.each([
    ['image/jpeg', 1, null],
    ['image/png', 10 * 1024 * 1024, null],
    ['image/webp', 10 * 1024 * 1024 + 1, IMAGE_TOO_LARGE],
    ['image/gif', 10, IMAGE_BAD_TYPE],
    ['image/svg+xml', 10, IMAGE_BAD_TYPE],
    ['', 10, IMAGE_BAD_TYPE],
  ])('%s of %d bytes -> %s', (type, size, expected) => {
    expect(checkImage({ type, size })).toBe(expected)
  })

  test('the resizing worker scales an image wider than 1600 px down proportionally at quality 0.8', async () => {
    const drawn: { width: number; height: number; type?: string; quality?: number }[] = []
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (_file: Blob, options?: { resizeWidth?: number; resizeHeight?: number }) => ({
        width: options?.resizeWidth ?? 4000,
        height: options?.resizeHeight ?? 3000,
        close() {},
      })),
    )
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        readonly width: number
        readonly height: number
        constructor(width: number, height: number) {
          this.width = width
          this.height = height
        }
        getContext() {
          return { drawImage() {} }
        }
        async convertToBlob(options: { type: string; quality: number }) {
          drawn.push({ width: this.width, height: this.height, ...options })
          return new Blob([new Uint8Array([1, 2, 3])], { type: options.type })
        }
      },
    )
    const scaled = await scaleImage(new File([new Uint8Array(50)], 'deck.jpg', { type: 'image/jpeg' }), {
      maxWidth: 1600,
      type: 'image/jpeg',
      quality: 0.8,
    })
    expect(drawn).toEqual([{ width: 1600, height: 1200, type: 'image/jpeg', quality: 0.8 }])
    expect(scaled).toMatchObject({ width: 1600, height: 1200 })
    expect(scaled.blob.size).toBe(3)
  })

  test('an image no wider than 1600 px goes as it is', async () => {
    vi.stubGlobal('Worker', undefined)
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 1200, height: 900, close() {} })),
    )
    const upload = await prepareImage(new File([new Uint8Array([1, 2, 3])], 'deck.jpg', { type: 'image/jpeg' }))
    expect(upload).toMatchObject({ name: 'deck.jpg', type: 'image/jpeg', size: 3 })
    expect(upload.data).toBe('data:image/jpeg;base64,AQID')
  })

  test('an image that cannot be decoded fails with "Failed to load image"', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('bad data'))),
    )
    await expect(
      scaleImage(new Blob([new Uint8Array(5)]), { maxWidth: 1600, type: 'image/png', quality: 0.8 }),
    ).rejects.toThrow('Failed to load image')
    vi.stubGlobal('Worker', undefined)
    await expect(prepareImage(new File([new Uint8Array(5)], 'x.png', { type: 'image/png' }))).rejects.toThrow(
      'Failed to load image',
    )
  })
})
