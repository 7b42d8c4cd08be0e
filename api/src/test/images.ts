import sharp from 'sharp'

/** Real images for upload tests, made with the same library the server decodes with. */
export type Format = 'jpeg' | 'png' | 'webp'

/** A small real image of one colour. */
export async function solidImage(format: Format, width = 64, height = 48): Promise<Uint8Array<ArrayBuffer>> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
  return new Uint8Array(await base.toFormat(format).toBuffer())
}

/**
 * A PNG of random pixels (incompressible), about `width * height * 3` bytes long: the way to
 * build an image of a chosen size that is still a real picture.
 */
export async function noisePng(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  )
}

/** A JPEG that carries the metadata a phone writes: camera, author and a GPS position. */
export async function jpegWithGps(): Promise<Uint8Array<ArrayBuffer>> {
  const base = sharp({ create: { width: 80, height: 60, channels: 3, background: '#336699' } })
  const bytes = await base
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Deck Cam', Artist: 'Skipper Jane' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 44/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '7/1 25/1 0/1' },
    })
    .jpeg()
    .toBuffer()
  return new Uint8Array(bytes)
}
