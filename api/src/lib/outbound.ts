/**
 * The one way the server calls out (model providers, OpenID Connect). Only http and https; no
 * redirects; a time and a size cap; and no loopback, private, link-local, metadata, unique-local
 * or otherwise non-public address unless the operator lists the host in OUTBOUND_ALLOWED_HOSTS.
 * Hostnames are checked when the connection is made, on the address actually dialled, so a DNS
 * answer that changes between check and use (rebinding) cannot slip past.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { Agent, fetch as undiciFetch } from 'undici'

export interface OutboundLimits {
  /** Hostnames (lower case) the operator allows even on private addresses, e.g. a model server on the boat's LAN. */
  allowedHosts: ReadonlySet<string>
  /** Origins (scheme, host and port) allowed likewise, and nothing else on their host: the operator's own model server. */
  allowedOrigins?: ReadonlySet<string>
  timeoutMs: number
  maxBytes: number
}

export class OutboundRefused extends Error {
  override name = 'OutboundRefused'
}

/** Whether an address is on the public internet (after unwrapping IPv4-mapped IPv6 forms). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const ip = ipaddr.process(address)
  // ipaddr.js counts IPv4-compatible forms (::/96, deprecated; ::7f00:1 is ::127.0.0.1) as unicast.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false
  return ip.range() === 'unicast'
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** dns.lookup that refuses non-public answers; used by the connection itself. */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused) {
      return callback(new OutboundRefused(`${hostname} resolves to a private address (${refused.address}).`), [])
    }
    if ((options as LookupAllOptions).all) return callback(null, addresses)
    const first = addresses[0]
    if (!first) return callback(new OutboundRefused(`${hostname} has no address.`), [])
    callback(null, first.address, first.family)
  })
}

const guardedAgent = new Agent({ connect: { lookup: publicOnlyLookup as never } })
const openAgent = new Agent()

/** Checks a URL before any connection: scheme, and a literal address. */
function checkUrl(url: URL, limits: OutboundLimits): Agent {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused(`Only http and https addresses can be called, not ${url.protocol}`)
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (limits.allowedHosts.has(host) || limits.allowedOrigins?.has(url.origin)) return openAgent
  if (isIP(host) && !isPublicAddress(host)) throw new OutboundRefused(`${host} is a private address.`)
  if (host === 'localhost' || host.endsWith('.localhost')) throw new OutboundRefused(`${host} is this machine.`)
  return guardedAgent
}

/** Ends the body with an error once it grows past `maxBytes`. */
function capBody(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > maxBytes) controller.error(new OutboundRefused(`The answer is larger than ${maxBytes} bytes.`))
        else controller.enqueue(chunk)
      },
    }),
  )
}

/** A fetch with the guard, for libraries that take one (the AI SDK providers, openid-client). */
export function outboundFetch(limits: OutboundLimits): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const agent = checkUrl(new URL(request.url), limits)
    const timeout = AbortSignal.timeout(limits.timeoutMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers: request.headers as never,
      body: request.body as never,
      duplex: request.body ? 'half' : undefined,
      redirect: 'manual',
      signal,
      dispatcher: agent,
    } as never)
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel()
      throw new OutboundRefused(`${new URL(request.url).host} answered with a redirect, which is not followed.`)
    }
    const length = Number(response.headers.get('content-length') ?? 0)
    if (length > limits.maxBytes) {
      await response.body?.cancel()
      throw new OutboundRefused(`The answer is larger than ${limits.maxBytes} bytes.`)
    }
    const body = response.body ? capBody(response.body as ReadableStream<Uint8Array>, limits.maxBytes) : null
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers as never,
    })
  }
}
