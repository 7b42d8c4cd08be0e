import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback server speaking the OpenAI chat-completions wire format (not streamed): it answers
 * every request with `reply()` and keeps the request bodies it was sent, in order.
 */
export async function startFakeChatModel(reply: () => string) {
  const prompts: string[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => {
      prompts.push(body)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 1,
          model: 'boat-llm',
          choices: [{ index: 0, message: { role: 'assistant', content: reply() }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
        }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    prompts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
