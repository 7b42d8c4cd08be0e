import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSseEvents } from '../experts/read-sse.ts'
import { exitOf, freePort, startServer, untilReady } from './server-process.ts'
import { newPostgresDatabase, onPostgres } from './test-database.ts'

describe('the server process, stopped during an answer', () => {
  it('on SIGTERM during an answer stream, ends it with a last error event and answers the question after restart', async () => {
    let endless = true
    const model = http.createServer((req, res) => {
      req.resume()
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`
      res.write(chunk('Check the seacock first.\n\n'))
      if (!endless) {
        res.write(
          `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
        )
        return void res.end('data: [DONE]\n\n')
      }
      const timer = setInterval(() => res.write(chunk('Still writing.\n\n')), 300)
      res.on('close', () => clearInterval(timer))
    })
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve))
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
    const login = await fetch(`${base}/api/login/local`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'admin@demo.local' }),
      redirect: 'manual',
    })
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
    const headers = { cookie, 'content-type': 'application/json', origin: base }
    const baseUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`
    const saved = await fetch(`${base}/api/t/demo/admin/models/seakeeper`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        primary: { provider: 'openai-compatible', model: 'm', baseUrl },
        fallback: null,
        temperature: 0.2,
        maxOutputTokens: 500,
      }),
    })
    expect(saved.status).toBe(200)
    const messageId = '0193f000-0000-7000-8000-0000000000a1'
    const res = await fetch(`${base}/api/t/demo/experts/seakeeper/stream`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: 'cooling alarm', filters: { file_subject_type: 'seakeeper' }, messageId }),
    })
    const reader = res.body?.getReader()
    let received = ''
    while (!received.includes('data: {"text"')) received += new TextDecoder().decode((await reader?.read())?.value)
    const exited = exitOf(child)
    child.kill('SIGTERM')
    for (;;) {
      const part = await reader?.read()
      if (!part || part.done) break
      received += new TextDecoder().decode(part.value)
    }
    expect(received).toContain('"error":"The server is restarting.')
    expect(await exited).toBe(0)

    // After the restart the saved question is answered (the boot sweep), once.
    endless = false
    const again = startServer(port, dir, env)
    await untilReady(base, again)
    const login2 = await fetch(`${base}/api/login/local`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'admin@demo.local' }),
      redirect: 'manual',
    })
    const cookie2 = login2.headers.get('set-cookie')?.split(';')[0] ?? ''
    const replay = await fetch(`${base}/api/t/demo/experts/seakeeper/stream`, {
      method: 'POST',
      headers: { ...headers, cookie: cookie2 },
      body: JSON.stringify({ query: 'cooling alarm', filters: { file_subject_type: 'seakeeper' }, messageId }),
    })
    expect(replay.status).toBe(200)
    const events = await readSseEvents(replay)
    expect(events.map((e) => e.text ?? '').join('')).toContain('seacock')
    expect(events.at(-1)?.done).toBe(true)
    const stopped = exitOf(again)
    again.kill('SIGKILL')
    await stopped
    model.closeAllConnections()
    await new Promise<void>((resolve) => model.close(() => resolve()))
    fs.rmSync(dir, { recursive: true, force: true })
  }, 90_000)
})
