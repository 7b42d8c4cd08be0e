/**
 * For tests of real server processes: an OpenAI-compatible model on loopback that streams "Check
 * the seacock first." and then keeps writing until told to finish, and the calls a test makes of
 * a server over HTTP (sign in, point an expert at the model, start an answer stream).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`

export async function startSlowModel() {
  const state = { endless: true }
  const server = http.createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk({ content: 'Check the seacock first.\n\n' }))
    if (!state.endless) {
      res.write(chunk({}, 'stop'))
      return void res.end('data: [DONE]\n\n')
    }
    const timer = setInterval(() => res.write(chunk({ content: 'Still writing.\n\n' })), 300)
    res.on('close', () => clearInterval(timer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    /** From now on answers end after their first sentence. */
    finishAnswers() {
      state.endless = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Signs in over HTTP; the cookie and the headers of a same-origin JSON write. */
export async function signInOver(base: string, email: string) {
  const res = await fetch(`${base}/api/login/local`, {
    method: 'POST',
    body: new URLSearchParams({ email }),
    redirect: 'manual',
  })
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? ''
  return { status: res.status, cookie, headers: { cookie, 'content-type': 'application/json', origin: base } }
}

/** Points the demo tenant's seakeeper expert at `modelBaseUrl`; the answer's status. */
export async function useModel(base: string, headers: Record<string, string>, modelBaseUrl: string) {
  const res = await fetch(`${base}/api/t/demo/admin/models/seakeeper`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      primary: { provider: 'openai-compatible', model: 'm', baseUrl: modelBaseUrl },
      fallback: null,
      temperature: 0.2,
      maxOutputTokens: 500,
    }),
  })
  return res.status
}

/** Asks the seakeeper expert over SSE and reads until its first text event; the reader and what arrived. */
export async function startAnswer(base: string, headers: Record<string, string>, messageId: string) {
  const res = await fetch(`${base}/api/t/demo/experts/seakeeper/stream`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: 'cooling alarm', filters: { file_subject_type: 'seakeeper' }, messageId }),
  })
  const reader = res.body?.getReader()
  if (!reader) throw new Error(`no answer stream: ${res.status}`)
  let received = ''
  while (!received.includes('data: {"text"')) received += new TextDecoder().decode((await reader.read()).value)
  return { reader, received }
}
