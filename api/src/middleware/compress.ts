import { Duplex } from 'node:stream'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { parseAccept } from 'hono/utils/accept'
import type { AppEnv } from '../app-env.ts'
import { answerWith, type BuiltAnswer, builtAnswer } from '../lib/json-answer.ts'

type Encoding = 'br' | 'gzip'

/** Brotli first: ~20 % fewer bytes than gzip on the app's JSON, which matters on a satellite link. */
const ENCODINGS: Encoding[] = ['br', 'gzip']
// Quality 5 of 11: most of brotli's gain over gzip at about gzip's speed (dynamic answers).
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }
const GZIP = { level: 6 }
/**
 * Brotli sized to the body: by default it sets up a 4 MB window for every answer. A window as
 * large as the body finds every match the full one would; in the loaded server it took brotli to
 * 0.91 of its CPU a request (gzip's 32 KB window measured no different, so it is left alone).
 */
const brotliFor = (body: Uint8Array) => ({
  params: {
    ...BROTLI.params,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(10, Math.ceil(Math.log2(body.byteLength + 16)))),
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  },
})
/** Bodies up to this are read whole and compressed in one go; larger ones stream. */
const WHOLE_MAX = 8 * 1024 * 1024

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
/**
 * On libuv's thread pool, whatever the size: in the loaded server that took 0.87 of the CPU a
 * compressed answer took compressed in place (paired, 25 connections; the same at 5), and it
 * leaves the event loop free for the other requests.
 */
const compressed = {
  br: (body: Uint8Array) => brotli(body, brotliFor(body)),
  gzip: (body: Uint8Array) => gzip(body, GZIP),
}
const streamOf = {
  br: () => zlib.createBrotliCompress(BROTLI),
  gzip: () => zlib.createGzip(GZIP),
}

/**
 * Replaces the answer with the same status and headers and a new body. Cleared first: setting
 * `c.res` over an answer makes Hono copy it, reading its body as a stream.
 */
function answer(c: Context, res: Response, body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>) {
  c.res = undefined
  c.res = new Response(body, { status: res.status, headers: res.headers })
}

/** The encoding the client prefers among ours: none for identity, q=0 or an unknown one. */
export function chosenEncoding(accept: string | undefined): Encoding | undefined {
  const accepted = parseAccept(accept ?? '')
  const wildcard = accepted.find((a) => a.type === '*')?.q ?? 0
  let best: { encoding: Encoding; q: number } | undefined
  for (const encoding of ENCODINGS) {
    const q = accepted.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard
    if (q > 0 && (!best || q > best.q)) best = { encoding, q }
  }
  return best?.encoding
}

/**
 * Compresses answers of the given types to clients that ask (brotli or gzip). An answer built in
 * memory is compressed whole with node:zlib (a built JSON answer from its text): Hono's
 * compress() piped every body through a web `CompressionStream` with chunked transfer, which cost
 * ~1 ms of CPU for a 5 KB list (node:zlib: ~60 µs in a loop, ~380 µs in the loaded server).
 * Large files of unknown or great size still stream.
 */
export function compressAnswers(options: { threshold: number; types: RegExp }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next()
    const res = c.res
    const built = builtAnswer(res)
    if (built) return compressBuilt(c, built, options)
    const { headers } = res
    const type = headers.get('Content-Type') ?? ''
    if (c.req.method === 'HEAD' || res.status === 206 || !options.types.test(type)) return
    if (headers.has('Content-Encoding') || /(^|,)\s*no-transform\s*(,|$)/i.test(headers.get('Cache-Control') ?? '')) {
      return
    }
    const declared = headers.get('Content-Length')
    if (declared !== null && Number(declared) < options.threshold) return
    const encoding = chosenEncoding(c.req.header('Accept-Encoding'))
    let body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined
    if (encoding && res.body) {
      if (declared === null ? /json/.test(type) : Number(declared) <= WHOLE_MAX) {
        const plain = new Uint8Array(await res.arrayBuffer())
        if (plain.byteLength < options.threshold) return answer(c, res, plain)
        body = await compressed[encoding](plain)
      } else {
        body = res.body.pipeThrough(Duplex.toWeb(streamOf[encoding]()) as ReadableWritablePair<Uint8Array, Uint8Array>)
      }
    }
    // Read only now: reading the body may have replaced the answer's headers with a copy.
    const final = res.headers
    const vary = final.get('Vary')
    if (vary !== '*' && !/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary ?? '')) {
      final.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    }
    if (!encoding || !body) return
    final.delete('Content-Length')
    final.set('Content-Encoding', encoding)
    const etag = final.get('ETag')
    if (etag && !etag.startsWith('W/')) final.set('ETag', `W/${etag}`)
    answer(c, res, body)
  })
}

/** A built answer (JSON) compressed from the body it holds, its headers still a plain object. */
async function compressBuilt(
  c: Context,
  built: BuiltAnswer,
  { threshold, types }: { threshold: number; types: RegExp },
) {
  const encoding = chosenEncoding(c.req.header('Accept-Encoding'))
  if (!encoding || built.headers['content-encoding'] || !types.test(built.headers['content-type'] ?? '')) return
  const size = typeof built.body === 'string' ? Buffer.byteLength(built.body) : built.body.byteLength
  if (size < threshold) return
  const plain = typeof built.body === 'string' ? Buffer.from(built.body) : built.body
  const body = await compressed[encoding](plain)
  c.res = undefined
  c.res = answerWith({ ...built, headers: { ...built.headers, 'content-encoding': encoding }, body })
}
