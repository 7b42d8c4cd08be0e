/**
 * Scales an image down to a width with createImageBitmap and an OffscreenCanvas (what the resizing
 * worker runs); an image no wider comes back as it is. Throws Error('Failed to load image') when
 * the bytes do not decode, Error('Failed to resize image') when drawing or encoding fails.
 */
export async function scaleImage(
  file: Blob,
  options: { maxWidth: number; type: string; quality: number },
): Promise<{ blob: Blob; width: number; height: number }> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    throw new Error('Failed to load image')
  }
  try {
    if (bitmap.width <= options.maxWidth) return { blob: file, width: bitmap.width, height: bitmap.height }
    const width = options.maxWidth
    const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width))
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, width, height)
    return { blob: await canvas.convertToBlob({ type: options.type, quality: options.quality }), width, height }
  } catch {
    throw new Error('Failed to resize image')
  } finally {
    bitmap.close()
  }
}
