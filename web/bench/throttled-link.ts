/**
 * A satellite link for benchmarks: a TCP proxy in front of the server that holds every byte for a
 * one-way delay and lets through at most `bytesPerSecond` in each direction, shared by every
 * connection, as one link is. Unlike the browser's own emulation it also slows the service
 * worker's fetches. `identity` rewrites each request's Accept-Encoding to identity: the same link
 * without compression, for the baseline.
 */
import net from 'node:net'

export interface LinkOptions {
  oneWayDelayMs: number
  bytesPerSecond: number
  identity?: boolean
}

/** One direction of the link: bytes queue for the wire, then travel for the delay. */
function direction({ oneWayDelayMs, bytesPerSecond }: LinkOptions) {
  let freeAt = 0
  return (bytes: Buffer, deliver: (bytes: Buffer) => void, notBefore = 0) => {
    const sent = Math.max(performance.now(), freeAt, notBefore) + (bytes.length / bytesPerSecond) * 1000
    freeAt = sent
    setTimeout(() => deliver(bytes), sent + oneWayDelayMs - performance.now())
  }
}

export async function startThrottledLink(targetPort: number, options: LinkOptions) {
  const up = direction(options)
  const down = direction(options)
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1')
    // A new connection costs a round trip (TCP's handshake) before its first request can leave.
    const open = performance.now() + 2 * options.oneWayDelayMs
    let closing = false
    const close = () => {
      if (closing) return
      closing = true
      // After the bytes still on the link have arrived.
      setTimeout(() => {
        client.destroy()
        upstream.destroy()
      }, options.oneWayDelayMs + 50)
    }
    client.on('data', (bytes: Buffer) => {
      const sent = options.identity
        ? Buffer.from(
            bytes.toString('latin1').replace(/^accept-encoding:[^\r\n]*/gim, 'Accept-Encoding: identity'),
            'latin1',
          )
        : bytes
      up(sent, (b) => upstream.write(b), open)
    })
    upstream.on('data', (bytes: Buffer) => down(bytes, (b) => client.write(b)))
    for (const socket of [client, upstream]) {
      socket.on('end', close)
      socket.on('error', close)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
      }),
  }
}
