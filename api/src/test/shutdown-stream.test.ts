import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSseEvents } from '../experts/read-sse.ts'
import { exitOf, freePort, startServer, untilReady } from './server-process.ts'
import { signInOver, startAnswer, startSlowModel, useModel } from './slow-model.ts'
import { newPostgresDatabase, onPostgres } from './test-database.ts'

describe('the server process, stopped during an answer', () => {
  it('on SIGTERM during an answer stream, ends it with a last error event and answers the question after restart', async () => {
    const model = await startSlowModel()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-shutdown-stream-'))
    const port = await freePort()
    const env = {
      SHUTDOWN_GRACE_MS: '1500',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      // In the api-pg project the server runs on a new PostgreSQL database of its own.
      ...(onPostgres() ? { DATABASE_URL: await newPostgresDatabase() } : {}),
    }
    const child = startServer(port, dir, env)
    const base = `http://127.0.0.1:${port}`
    await untilReady(base, child)
    const { headers } = await signInOver(base, 'admin@demo.local')
    expect(await useModel(base, headers, model.baseUrl)).toBe(200)
    const messageId = '0193f000-0000-7000-8000-0000000000a1'
    const answer = await startAnswer(base, headers, messageId)
    let { received } = answer
    const exited = exitOf(child)
    child.kill('SIGTERM')
    for (;;) {
      const part = await answer.reader.read()
      if (part.done) break
      received += new TextDecoder().decode(part.value)
    }
    expect(received).toContain('"error":"The server is restarting.')
    expect(await exited).toBe(0)

    // After the restart the saved question is answered (the boot sweep), once.
    model.finishAnswers()
    const again = startServer(port, dir, env)
    await untilReady(base, again)
    const { cookie } = await signInOver(base, 'admin@demo.local')
    const replay = await fetch(`${base}/api/t/demo/experts/seakeeper/stream`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ query: 'cooling alarm', filters: { file_subject_type: 'seakeeper' }, messageId }),
    })
    expect(replay.status).toBe(200)
    const events = await readSseEvents(replay)
    expect(events.map((e) => e.text ?? '').join('')).toContain('seacock')
    expect(events.at(-1)?.done).toBe(true)
    const stopped = exitOf(again)
    again.kill('SIGKILL')
    await stopped
    await model.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }, 90_000)
})
