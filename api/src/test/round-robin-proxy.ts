import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A reverse proxy in front of several API instances, as a load balancer with no stickiness:
 * each request goes to the next instance in turn. An instance that refuses the connection (it is
 * down) is skipped, since the request never reached it; one that fails mid-request answers 502,
 * since the request may have been applied (the client retries, as it would behind a real one).
 */
export async function startRoundRobinProxy(ports: number[]): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0
  const server = http.createServer((req, res) => {
    const body: Buffer[] = []
    req.on('data', (chunk: Buffer) => body.push(chunk))
    req.on('end', () => send(Buffer.concat(body), ports.length))
    const send = (payload: Buffer, triesLeft: number) => {
      const port = ports[next++ % ports.length] as number
      const upstream = http.request(
        { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && triesLeft > 1) return send(payload, triesLeft - 1)
        if (res.headersSent) return void res.destroy()
        res.writeHead(502, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { code: 'unavailable', message: 'The instance went away.' } }))
      })
      upstream.end(payload)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
