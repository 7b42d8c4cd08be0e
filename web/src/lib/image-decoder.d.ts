// WebCodecs' ImageDecoder, which TypeScript's DOM library does not describe yet (only what we use).
interface ImageDecoderInit {
  data: ReadableStream<Uint8Array> | BufferSource
  type: string
  desiredWidth?: number
  desiredHeight?: number
}
interface ImageDecodeResult {
  image: VideoFrame
  complete: boolean
}
declare class ImageDecoder {
  constructor(init: ImageDecoderInit)
  decode(): Promise<ImageDecodeResult>
  close(): void
}
