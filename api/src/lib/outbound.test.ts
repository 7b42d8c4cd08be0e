import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { isPublicAddress, OutboundRefused, outboundFetch, publicOnlyLookup } from './outbound.ts'

/** A loopback server: /redirect answers 302 to /secret, /big streams 2 MB, /hang never answers. */
const secretHits: string[] = []
const server = http.createServer((req, res) => {
  if (req.url === '/redirect') return void res.writeHead(302, { location: '/secret' }).end()
  if (req.url === '/secret') {
    secretHits.push(req.url)
    return void res.end('metadata credentials')
  }
  if (req.url === '/big') {
    res.writeHead(200, { 'content-type': 'application/octet-stream' })
    for (let i = 0; i < 32; i++) res.write(Buffer.alloc(64 * 1024, 1))
    return void res.end()
  }
  if (req.url === '/hang') return
  res.end('ok')
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const guarded = outboundFetch({ allowedHosts: new Set(), timeoutMs: 5000, maxBytes: 1024 * 1024 })
const allowed = (limits: { timeoutMs?: number; maxBytes?: number } = {}) =>
  outboundFetch({ allowedHosts: new Set(['127.0.0.1']), timeoutMs: 5000, maxBytes: 1024 * 1024, ...limits })

describe('which addresses are public', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    // IPv4-compatible forms (::/96, deprecated): the URL parser writes [::127.0.0.1] as [::7f00:1].
    '::7f00:1',
    '::a9fe:a9fe',
    '::a00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    'not an address',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})

describe('the outbound guard', () => {
  it.each([
    ['a loopback address', `${base}/`],
    ['IPv6 loopback', 'http://[::1]:9/'],
    ['an IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]:9/'],
    ['an IPv4-compatible loopback', 'http://[::127.0.0.1]:9/'],
    ['an IPv4-compatible metadata address', 'http://[::169.254.169.254]/latest/meta-data/'],
    ['the unspecified address', 'http://[::]:9/'],
    ['0.0.0.0 written as 0', 'http://0:9/'],
    ['loopback in hex', 'http://0x7f.1:9/'],
    ['loopback as one decimal number', 'http://2130706433:9/'],
    ['loopback in octal', 'http://017700000001:9/'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', 'http://10.0.0.5/v1/chat/completions'],
    ['localhost by name', 'http://localhost:9/'],
    ['a file URL', 'file:///etc/passwd'],
    ['an ftp URL', 'ftp://example.com/'],
  ])('refuses %s before connecting', async (_name, url) => {
    await expect(guarded(url)).rejects.toBeInstanceOf(OutboundRefused)
  })

  it('checks the address a hostname resolves to when connecting (no DNS rebinding)', async () => {
    const refused = await new Promise<unknown>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (error) => resolve(error)),
    )
    expect(refused).toBeInstanceOf(OutboundRefused)
  })

  it('calls a private host the operator allowed', async () => {
    const res = await allowed()(`${base}/`)
    expect(await res.text()).toBe('ok')
  })

  it('never follows a redirect', async () => {
    await expect(allowed()(`${base}/redirect`)).rejects.toThrow(/redirect/)
    expect(secretHits).toEqual([])
  })

  it('ends an answer larger than the cap', async () => {
    const res = await allowed({ maxBytes: 1024 * 1024 })(`${base}/big`)
    await expect(res.arrayBuffer()).rejects.toThrow(/larger than/)
  })

  it('gives up on a server that does not answer in time', async () => {
    const started = Date.now()
    await expect(allowed({ timeoutMs: 1000 })(`${base}/hang`)).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(4000)
  })
})
