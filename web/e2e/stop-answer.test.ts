/**
 * Stop while an answer streams, against a model that writes slowly: a fake OpenAI-compatible
 * server on loopback speaking the real chat-completions stream, which this server is allowed to
 * call (OUTBOUND_ALLOWED_HOSTS).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser, openPage, signInAs, USERS } from './harness.ts'
import { type RunningServer, startServer } from './server.ts'

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'slow-llm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`

let modelClosedEarly = false
const model = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk('First, check the **raw-water seacock** is open [1].\n\n'))
    let n = 0
    // Then one sentence every 400 ms, far longer than the test waits.
    const timer = setInterval(() => res.write(chunk(`Step ${++n}: keep checking.\n\n`)), 400)
    res.on('close', () => {
      clearInterval(timer)
      if (!res.writableFinished) modelClosedEarly = true
    })
  })
})

let browser: Browser
let server: RunningServer
beforeAll(async () => {
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve))
  ;[browser, server] = await Promise.all([launchBrowser(), startServer({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' })])
}, 90_000)
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop()])
  await new Promise<void>((resolve) => model.close(() => resolve()))
})

test('Stop ends an answer while it streams; what arrived stays, marked stopped', async () => {
  const admin = await openPage(browser, 'tablet', server.baseUrl)
  await signInAs(admin.page, USERS.admin.email)
  const baseUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`
  const saved = await admin.context.request.put('/api/t/demo/admin/models/seakeeper', {
    headers: { origin: server.baseUrl },
    data: {
      primary: { provider: 'openai-compatible', model: 'slow-llm', baseUrl },
      fallback: null,
      temperature: 0.2,
      maxOutputTokens: 500,
    },
  })
  expect(saved.status()).toBe(200)
  await admin.context.close()

  const { context, page, pageErrors, policyViolations } = await openPage(browser, 'portrait', server.baseUrl)
  await signInAs(page, USERS.tech.email)
  await page.goto('/t/demo/ask/seakeeper')
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill('The gyro overheats after an hour at sea')
  await composer.press('Enter')
  await page.getByText('raw-water seacock').first().waitFor({ timeout: 30_000 })
  await page.getByText('Step 1: keep checking.').first().waitFor()
  await page.getByRole('button', { name: 'Stop answer' }).click()

  const answer = page.getByRole('article', { name: 'Expert answer' }).first()
  await answer.getByText('Stopped before the end of the answer.').waitFor({ timeout: 20_000 })
  await expect.poll(() => modelClosedEarly).toBe(true)
  const text = (await answer.textContent()) ?? ''
  expect(text).toContain('raw-water seacock')
  // Nothing arrives after Stop: the answer stays as it was stopped.
  const steps = text.match(/Step \d+/g)?.length ?? 0
  await page.waitForTimeout(1200)
  expect((await answer.textContent())?.match(/Step \d+/g)?.length ?? 0).toBe(steps)
  await page.getByRole('button', { name: 'Send message' }).waitFor()
  expect(pageErrors).toEqual([])
  expect(policyViolations).toEqual([])
  await context.close()
}, 120_000)
