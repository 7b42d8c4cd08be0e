import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ApiError } from '../errors.ts'

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/**
 * `GET /metrics` in Prometheus text format: open to a scraper on this machine (loopback); from
 * anywhere else only with `Authorization: Bearer METRICS_TOKEN`, and closed when none is set.
 */
export const metricsRoutes = new Hono<AppEnv>().get('/metrics', async (c) => {
  const { env, metrics } = c.get('deps')
  const address = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress
  const given = Buffer.from(c.req.header('authorization') ?? '')
  const expected = Buffer.from(`Bearer ${env.METRICS_TOKEN ?? ''}`)
  const tokenOk =
    env.METRICS_TOKEN !== undefined && given.length === expected.length && timingSafeEqual(given, expected)
  // In-process requests (tests, no socket) count as this machine.
  const local = address === undefined || LOOPBACK.test(address)
  if (!local && !tokenOk) {
    throw new ApiError(
      'unauthorized',
      'Metrics need Authorization: Bearer with the METRICS_TOKEN the server was started with.',
    )
  }
  if (!metrics) throw new ApiError('not_found', 'Metrics are not collected by this server.')
  c.header('Cache-Control', 'no-store')
  return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType })
})
