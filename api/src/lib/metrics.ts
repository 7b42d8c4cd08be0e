/**
 * The server's Prometheus metrics (prom-client), one registry per app so tests and several apps in
 * one process never share counters. Families: HTTP requests by route template, answer streams and
 * answer latency, sync traffic, mutations, document processing, rate-limit refusals, and the
 * process defaults (memory, CPU, event-loop lag, handles).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    httpRequest: httpRequestMetrics(registers),
    answerStreamsOpen: new Gauge({
      name: 'mw_answer_streams_open',
      help: 'Answer streams being written to a client now.',
      registers,
    }),
    answerFirstEvent: new Histogram({
      name: 'mw_answer_first_event_seconds',
      help: 'From the question to the first text of its answer, by expert and provider.',
      labelNames: ['expert', 'provider'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
      registers,
    }),
    answerDuration: new Histogram({
      name: 'mw_answer_duration_seconds',
      help: 'From the question to the stored answer, by expert and provider.',
      labelNames: ['expert', 'provider'],
      buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128],
      registers,
    }),
    syncRequests: new Counter({
      name: 'mw_sync_requests_total',
      help: 'Sync pushes and pulls.',
      labelNames: ['kind'],
      registers,
    }),
    syncRows: new Counter({
      name: 'mw_sync_rows_total',
      help: 'Mutations pushed and changes pulled.',
      labelNames: ['kind'],
      registers,
    }),
    syncBytes: new Counter({
      name: 'mw_sync_request_bytes_total',
      help: 'Bytes of sync push bodies received.',
      labelNames: ['kind'],
      registers,
    }),
    mutations: new Counter({
      name: 'mw_mutations_total',
      help: 'Pushed mutations by outcome (applied, duplicate, conflict, rejected, gap).',
      labelNames: ['outcome'],
      registers,
    }),
    documents: new Counter({
      name: 'mw_document_jobs_total',
      help: 'Document processing jobs by the state they ended in.',
      labelNames: ['state'],
      registers,
    }),
    rateLimited: new Counter({
      name: 'mw_rate_limited_total',
      help: 'Requests refused with 429, by budget.',
      labelNames: ['limit'],
      registers,
    }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

/**
 * Counts an answered HTTP request and its duration. Every request passes here, and a prom-client
 * child still checks and hashes its labels on each call: the duration goes to the histogram, the
 * count is kept here per set of labels (method, route template, status: a few hundred at most) and
 * handed to the counter when the metrics are read.
 */
function httpRequestMetrics(registers: Registry[]) {
  const labelNames = ['method', 'route', 'status'] as const
  type Labels = Record<(typeof labelNames)[number], string>
  const children = new Map<string, { labels: Labels; count: number; time: Histogram.Internal<string> }>()
  new Counter({
    name: 'mw_http_requests_total',
    help: 'HTTP requests by method, route template and status.',
    labelNames,
    registers,
    collect() {
      this.reset()
      for (const { labels, count } of children.values()) this.inc(labels, count)
    },
  })
  const duration = new Histogram({
    name: 'mw_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to the first byte of a stream).',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  return (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${status} ${route}`
    let child = children.get(key)
    if (!child) {
      const labels = { method, route, status: String(status) }
      child = { labels, count: 0, time: duration.labels(labels) }
      children.set(key, child)
    }
    child.count++
    child.time.observe(seconds)
  }
}
