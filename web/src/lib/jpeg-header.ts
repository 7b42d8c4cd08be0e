/**
 * A JPEG's stored size and EXIF orientation, read from the markers before its first scan, so a
 * camera photo can be decoded straight at the smallest scale that still gives the width we keep.
 * Null when the bytes are not a JPEG or its header is damaged or not within the bytes given.
 */
export interface JpegHeader {
  width: number
  height: number
  /** EXIF orientation 1-8; 5-8 turn the picture a quarter, so it shows height x width. */
  orientation: number
}

const SOI = 0xffd8
const APP1 = 0xe1
const ORIENTATION_TAG = 0x0112

/** Start-of-frame markers C0-CF, less DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)

export function readJpegHeader(bytes: Uint8Array): JpegHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.byteLength < 4 || view.getUint16(0) !== SOI) return null
  let orientation = 1
  let at = 2
  while (at + 4 <= view.byteLength) {
    if (view.getUint8(at) !== 0xff) return null
    const marker = view.getUint8(at + 1)
    if (marker === 0xff) {
      at += 1 // a fill byte before the marker
      continue
    }
    const length = view.getUint16(at + 2)
    if (length < 2 || at + 2 + length > view.byteLength) return null
    if (marker === APP1)
      orientation = exifOrientation(new DataView(view.buffer, view.byteOffset + at + 4, length - 2)) ?? orientation
    if (isStartOfFrame(marker)) {
      if (length < 7) return null
      const height = view.getUint16(at + 5)
      const width = view.getUint16(at + 7)
      return width > 0 && height > 0 ? { width, height, orientation } : null
    }
    at += 2 + length
  }
  return null
}

/** Tag 0x0112 of IFD0 in an APP1 "Exif" segment; null when absent or out of bounds. */
function exifOrientation(segment: DataView): number | null {
  const EXIF = [0x45, 0x78, 0x69, 0x66, 0, 0]
  if (segment.byteLength < 14 || EXIF.some((byte, i) => segment.getUint8(i) !== byte)) return null
  const tiff = 6
  const order = segment.getUint16(tiff)
  if (order !== 0x4949 && order !== 0x4d4d) return null
  const little = order === 0x4949
  if (segment.getUint16(tiff + 2, little) !== 42) return null
  const ifd = tiff + segment.getUint32(tiff + 4, little)
  if (ifd + 2 > segment.byteLength) return null
  const count = segment.getUint16(ifd, little)
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12
    if (entry + 12 > segment.byteLength) return null
    if (segment.getUint16(entry, little) !== ORIENTATION_TAG) continue
    const value = segment.getUint16(entry + 8, little)
    return value >= 1 && value <= 8 ? value : null
  }
  return null
}

/** The width the picture shows at, once its orientation is applied. */
export const shownWidth = (header: JpegHeader) => (header.orientation >= 5 ? header.height : header.width)
