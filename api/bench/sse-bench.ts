/**
 * Part of `npm run bench:wire`: does compression hold answer streams back? 50 answer streams at
 * once against the compiled server (a loopback model speaking OpenAI's streaming format), timed
 * from the request to the first text event, asked with `Accept-Encoding: br, gzip` beside the
 * baseline `identity`, alternating rounds in the same run. Streams are never compressed
 * (app.ts: hono/compress takes JSON, HTML,
 * scripts and styles only), so the two should match.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { v7 as uuidv7 } from 'uuid'
import { compileServer, exitOf, freePort, startServer, untilReady } from '../src/test/server-process.ts'
import { signInOver, startSlowModel, useModel } from '../src/test/slow-model.ts'

const STREAMS = 50
const ROUNDS = 10

const model = await startSlowModel()
model.finishAnswers()
compileServer()
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-sse-bench-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const child = startServer(port, dir, { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', RATE_LIMITS: 'off' }, { compiled: true })

/** Milliseconds to the first text event, and the stream's Content-Encoding. */
async function firstEvent(headers: Record<string, string>, acceptEncoding: string) {
  const started = performance.now()
  const res = await fetch(`${base}/api/t/demo/experts/seakeeper/stream`, {
    method: 'POST',
    headers: { ...headers, 'accept-encoding': acceptEncoding },
    body: JSON.stringify({ query: 'cooling alarm', filters: { file_subject_type: 'seakeeper' }, messageId: uuidv7() }),
  })
  const reader = res.body?.getReader()
  if (!reader) throw new Error(`no answer stream: ${res.status}`)
  let received = ''
  while (!received.includes('data: {"text"')) {
    const part = await reader.read()
    if (part.done) throw new Error(`stream ended before a text event: ${received.slice(0, 200)}`)
    received += new TextDecoder().decode(part.value)
  }
  const ms = performance.now() - started
  await reader.cancel()
  return { ms, encoding: res.headers.get('content-encoding') ?? 'none' }
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1] as number
try {
  await untilReady(base, child)
  const { headers } = await signInOver(base, 'admin@demo.local')
  if ((await useModel(base, headers, model.baseUrl)) !== 200) throw new Error('could not point the expert at the model')
  await firstEvent(headers, 'identity') // warm-up
  const times: Record<string, number[]> = { 'br, gzip': [], identity: [] }
  const encodings = new Set<string>()
  for (let round = 0; round < ROUNDS; round++) {
    for (const accept of round % 2 ? ['identity', 'br, gzip'] : ['br, gzip', 'identity']) {
      const results = await Promise.all(Array.from({ length: STREAMS }, () => firstEvent(headers, accept)))
      for (const r of results) {
        times[accept]?.push(r.ms)
        encodings.add(`${accept} -> ${r.encoding}`)
      }
    }
  }
  const line = (accept: string) => {
    const xs = times[accept] ?? []
    return `median ${percentile(xs, 50).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms`
  }
  console.log(
    `First answer event, ${STREAMS} streams at once, ${ROUNDS / 2} rounds each (${[...encodings].join('; ')}):`,
  )
  console.log(`  Accept-Encoding br, gzip: ${line('br, gzip')}; baseline identity: ${line('identity')}`)
} finally {
  const exited = exitOf(child)
  child.kill('SIGTERM')
  await exited
  await model.close()
  fs.rmSync(dir, { recursive: true, force: true })
}
