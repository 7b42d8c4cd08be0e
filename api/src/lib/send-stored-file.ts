import fs from 'node:fs'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { jsonAnswer } from './json-answer.ts'

/**
 * A stored original (a manual, a case's photo or PDF), whole or one byte range, so a viewer can
 * fetch a large PDF in pieces. Its bytes never change under their hash, so the hash is the ETag
 * and a revalidation costs a 304, not the file.
 */
export function sendStoredFile(
  c: Context,
  file: string,
  stored: { fileName: string; contentType: string; sha256: string; inline: boolean },
) {
  const size = fs.statSync(file).size
  const ascii = stored.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const headers: Record<string, string> = {
    'Content-Type': stored.contentType,
    'Content-Disposition': `${stored.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(stored.fileName)}`,
    'Accept-Ranges': 'bytes',
    ETag: `"${stored.sha256}"`,
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  }
  const etags = c.req.header('if-none-match')?.split(/\s*,\s*/)
  if (etags?.includes(headers.ETag as string)) return c.body(null, 304, headers)
  const range = c.req.header('range')
  if (!range) {
    return c.body(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, 200, {
      ...headers,
      'Content-Length': String(size),
    })
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim())
  let start = match?.[1] ? Number(match[1]) : Number.NaN
  let end = match?.[2] ? Number(match[2]) : size - 1
  if (match && !match[1] && match[2]) {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  }
  end = Math.min(end, size - 1)
  if (!match || Number.isNaN(start) || start > end || start >= size) {
    return jsonAnswer(
      c,
      { error: { code: 'invalid_input', message: `The requested range is not inside this ${size}-byte file.` } },
      { status: 416, headers: { 'Content-Range': `bytes */${size}` } },
    )
  }
  return c.body(Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream, 206, {
    ...headers,
    'Content-Range': `bytes ${start}-${end}/${size}`,
    'Content-Length': String(end - start + 1),
  })
}
