/**
 * Receives the `file` parts of a multipart upload as a stream: each goes to a temporary file
 * while its sha256 is computed, so a 100 MB manual is never whole in memory. Every file is then
 * checked (name, type by extension, content by its first bytes, not empty); if any is refused,
 * every temporary file of the request is removed and nothing is kept.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import Busboy from '@fastify/busboy'
import { LIMITS } from '@mw/sync-protocol'
import { ApiError } from '../errors.ts'
import { cleanFileName, contentMatches, contentTypeOf, UNKNOWN_TYPE, WRONG_CONTENT } from './file-types.ts'
import { tempPath } from './originals.ts'

export interface ReceivedFile {
  fileName: string
  contentType: string
  size: number
  sha256: string
  tempPath: string
}

const HEAD_BYTES = 8192
/** Form fields beside the files: none is read, a few are tolerated. */
const FIELDS = 16

export async function receiveFiles(request: Request, dir: string, maxBytes: number): Promise<ReceivedFile[]> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new ApiError('unsupported_media_type', 'Send the files as multipart/form-data, each in a part named "file".')
  }
  const declared = Number(request.headers.get('content-length') ?? 0)
  const tooLarge = new ApiError(
    'payload_too_large',
    `A file is larger than the ${Math.round(maxBytes / 1048576)} MB limit for manuals (KB_MAX_UPLOAD_MB).`,
    { field: 'file' },
  )
  if (declared > maxBytes * LIMITS.documentsPerUpload) throw tooLarge
  const tooMany = new ApiError(
    'payload_too_large',
    `Send at most ${LIMITS.documentsPerUpload} files in one upload (and no other form fields).`,
    { field: 'file' },
  )
  const files: (ReceivedFile & { head: Buffer })[] = []
  const writes: Promise<void>[] = []
  try {
    const parser = multipartParser(type, maxBytes)
    // Past a limit busboy would read on and drop the rest: the upload ends there instead, so a
    // part without end or a form of endless parts is not read for ever.
    const parts: Readable[] = []
    const stop = (error: ApiError) => {
      for (const part of parts) part.destroy(error)
      parser.destroy(error)
    }
    parser.on('filesLimit', () => stop(tooMany))
    parser.on('partsLimit', () => stop(tooMany))
    parser.on('fieldsLimit', () => stop(tooMany))
    parser.on('file', (field, stream, rawName) => {
      if (field !== 'file') {
        stream.resume()
        return
      }
      const file = {
        fileName: rawName,
        contentType: '',
        size: 0,
        sha256: '',
        tempPath: tempPath(dir),
        head: Buffer.alloc(0),
      }
      files.push(file)
      parts.push(stream)
      const hash = createHash('sha256')
      stream.on('data', (chunk: Buffer) => {
        hash.update(chunk)
        file.size += chunk.length
        if (file.head.length < HEAD_BYTES) file.head = Buffer.concat([file.head, chunk]).subarray(0, HEAD_BYTES)
      })
      stream.on('limit', () => stop(tooLarge))
      writes.push(
        pipeline(stream, fs.createWriteStream(file.tempPath)).then(() => {
          file.sha256 = hash.digest('hex')
        }),
      )
    })
    if (!request.body) throw unreadable(null)
    await pipeline(Readable.fromWeb(request.body as import('node:stream/web').ReadableStream), parser).catch(
      (cause: unknown) => {
        throw cause instanceof ApiError ? cause : unreadable(cause)
      },
    )
    await Promise.all(writes)
    if (files.length === 0) {
      throw new ApiError('invalid_input', 'Choose at least one file (multipart parts named "file").', { field: 'file' })
    }
    for (const file of files) {
      const fileName = cleanFileName(file.fileName)
      if (!fileName)
        throw new ApiError('invalid_input', 'A file has no usable name. Rename it and try again.', { field: 'file' })
      file.fileName = fileName
      const contentType = contentTypeOf(fileName)
      if (!contentType) throw new ApiError('unsupported_media_type', UNKNOWN_TYPE, { field: 'file' })
      file.contentType = contentType
      if (file.size === 0) throw new ApiError('invalid_input', `"${fileName}" is empty.`, { field: 'file' })
      if (!contentMatches(contentType, file.head)) {
        throw new ApiError('unsupported_media_type', WRONG_CONTENT(fileName), { field: 'file' })
      }
    }
    return files.map(({ head: _head, ...file }) => file)
  } catch (error) {
    await Promise.allSettled(writes)
    for (const file of files) fs.rmSync(file.tempPath, { force: true })
    throw error
  }
}

const unreadable = (cause: unknown) =>
  new ApiError('bad_request', 'The upload could not be read. Send the files again.', { cause })

/** Busboy refuses a multipart type without its boundary as it starts: that is the sender's fault, a 400. */
function multipartParser(type: string, maxBytes: number) {
  try {
    const files = LIMITS.documentsPerUpload
    return Busboy({
      headers: { 'content-type': type },
      limits: { fileSize: maxBytes, files, parts: files + FIELDS, fields: FIELDS, fieldSize: 64 * 1024 },
    })
  } catch (cause) {
    throw new ApiError('bad_request', 'A multipart upload needs its boundary in the Content-Type header.', { cause })
  }
}
