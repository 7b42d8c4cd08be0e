import { expect } from 'vitest'
import { readSseEvents } from '../experts/read-sse.ts'
import { send, type TestApp } from './http.ts'

/**
 * Points the seakeeper expert's primary model at an OpenAI-compatible `baseUrl` (as a Manager
 * would in Admin Settings), asks it a question, and answers the stream's events.
 */
export async function askSeakeeperThrough(t: TestApp, managerCookie: string, baseUrl: string) {
  const saved = await send(t, managerCookie, 'PUT', '/api/t/demo/admin/models/seakeeper', {
    primary: { provider: 'openai-compatible', model: 'm', baseUrl },
    fallback: null,
    temperature: 0.2,
    maxOutputTokens: 500,
  })
  expect(saved.status).toBe(200)
  const res = await t.app.request('/api/t/demo/experts/seakeeper/stream', {
    method: 'POST',
    headers: { cookie: managerCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'gyro will not spool', filters: { file_subject_type: 'seakeeper' } }),
  })
  return readSseEvents(res)
}
