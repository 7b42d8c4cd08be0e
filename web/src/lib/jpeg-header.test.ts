import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { readJpegHeader, shownWidth } from './jpeg-header.ts'

const u16 = (n: number, little = false) => (little ? [n & 0xff, n >> 8] : [n >> 8, n & 0xff])
const u32 = (n: number, little = false) =>
  little ? [...u16(n & 0xffff, true), ...u16(n >>> 16, true)] : [...u16(n >>> 16), ...u16(n & 0xffff)]
const segment = (marker: number, body: number[]) => [0xff, marker, ...u16(body.length + 2), ...body]

/** An APP1 Exif segment whose IFD0 holds a software tag and then the orientation. */
function exif(orientation: number, little: boolean) {
  const entry = (tag: number, type: number, value: number) => [
    ...u16(tag, little),
    ...u16(type, little),
    ...u32(1, little),
    ...u16(value, little),
    0,
    0,
  ]
  const tiff = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42, little), ...u32(8, little)]
  const ifd = [...u16(2, little), ...entry(0x0131, 3, 7), ...entry(0x0112, 3, orientation), ...u32(0, little)]
  return segment(0xe1, [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff, ...ifd])
}
const frame = (marker: number, width: number, height: number) =>
  segment(marker, [8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
const jfif = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
const huffman = segment(0xc4, [0, ...new Array(16).fill(0)])
const scan = [...segment(0xda, [1, 1, 0, 0, 0x3f, 0]), 0x12, 0x34, 0xff, 0xd9]
const jpeg = (...parts: number[][]) => new Uint8Array([0xff, 0xd8, ...parts.flat()])

describe('readJpegHeader', () => {
  test.each([
    [
      'a baseline JPEG with no EXIF',
      jpeg(jfif, frame(0xc0, 4000, 3000), scan),
      { width: 4000, height: 3000, orientation: 1 },
    ],
    [
      'a progressive one after its Huffman tables',
      jpeg(huffman, frame(0xc2, 4032, 3024), scan),
      { width: 4032, height: 3024, orientation: 1 },
    ],
    [
      'EXIF in Motorola order, turned a quarter',
      jpeg(exif(6, false), frame(0xc0, 4000, 3000), scan),
      { width: 4000, height: 3000, orientation: 6 },
    ],
    [
      'EXIF in Intel order, turned the other way',
      jpeg(jfif, exif(8, true), frame(0xc0, 4000, 3000), scan),
      { width: 4000, height: 3000, orientation: 8 },
    ],
    [
      'fill bytes before a marker',
      jpeg([0xff, 0xff], frame(0xc0, 640, 480), scan),
      { width: 640, height: 480, orientation: 1 },
    ],
    [
      'an orientation out of range is ignored',
      jpeg(exif(9, false), frame(0xc0, 640, 480), scan),
      { width: 640, height: 480, orientation: 1 },
    ],
  ])('%s', (_name, bytes, expected) => {
    expect(readJpegHeader(bytes)).toEqual(expected)
  })

  test.each([
    ['a PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['nothing', new Uint8Array()],
    ['a scan before any frame header', jpeg(jfif, scan)],
    ['a segment running past the end', jpeg(jfif, frame(0xc0, 4000, 3000)).subarray(0, 30)],
    ['a zero-sized frame', jpeg(frame(0xc0, 0, 3000), scan)],
    ['a segment length under two', jpeg([0xff, 0xe0, 0, 1], frame(0xc0, 640, 480))],
  ])('%s has no header', (_name, bytes) => {
    expect(readJpegHeader(bytes)).toBeNull()
  })

  test('the shown width is the stored height when the picture is turned a quarter', () => {
    expect(shownWidth({ width: 4000, height: 3000, orientation: 1 })).toBe(4000)
    expect(shownWidth({ width: 4000, height: 3000, orientation: 3 })).toBe(4000)
    expect(shownWidth({ width: 4000, height: 3000, orientation: 6 })).toBe(3000)
  })

  test('hostile bytes never throw, and a header read is always of a positive size', () => {
    const valid = jpeg(jfif, exif(6, true), frame(0xc0, 4000, 3000), scan)
    const damaged = fc
      .tuple(fc.nat(valid.length), fc.array(fc.tuple(fc.nat(valid.length - 1), fc.nat(255))))
      .map(([cut, edits]) => {
        const bytes = valid.slice(0, cut)
        for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value
        return bytes
      })
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), damaged), (bytes) => {
        const header = readJpegHeader(bytes)
        if (header)
          expect(header.width > 0 && header.height > 0 && header.orientation >= 1 && header.orientation <= 8).toBe(true)
      }),
    )
  })
})
