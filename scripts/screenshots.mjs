// `npm run screenshots`: builds the web app if stale, starts the real server on a fresh database
// (as the e2e tests do), signs in as the role each screen is for and writes
// docs/screenshots/<screen>-<tablet|phone>.png at 1280x800 and 390x844.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { startServer } from '../web/e2e/server.ts'
import { buildWeb, root } from './bootstrap.mjs'

const OUT = path.join(root, 'docs/screenshots')
const VIEWPORTS = { tablet: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } }
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** [screen name, signed-in e-mail or null, path or a function of the API answers]. */
const SCREENS = [
  ['landing', null, '/'],
  ['sign-in', null, '/api/login'],
  ['home', 'tech@demo.local', '/t/demo'],
  ['chat-seakeeper', 'tech@demo.local', '/t/demo/ask/seakeeper'],
  [
    'chat-conversation',
    'tech@demo.local',
    async (api) =>
      `/t/demo/ask/seakeeper?conversation=${(await firstId(api, 'conversations?agentId=seakeeper')) ?? ''}`,
  ],
  ['furuno-landing', 'tech@demo.local', '/t/demo/furuno'],
  ['chat-furuno', 'tech@demo.local', '/t/demo/ask/furuno'],
  ['master', 'tech@demo.local', '/t/demo/ask/master'],
  ['cases', 'tech@demo.local', '/t/demo/cases'],
  ['case-detail', 'tech@demo.local', async (api) => `/t/demo/cases/${(await firstId(api, 'cases')) ?? 'none'}`],
  ['training', 'manager@demo.local', '/t/demo/training'],
  ['training-assign', 'manager@demo.local', '/t/demo/training/assign'],
  ['reports', 'manager@demo.local', '/t/demo/reports'],
  ['admin', 'admin@demo.local', '/t/demo/admin'],
  ['not-found', 'tech@demo.local', '/t/demo/no-such-screen'],
]

async function firstId(api, resource) {
  const res = await api.get(`/api/t/demo/${resource}`)
  if (!res.ok()) return undefined
  const [first] = await res.json()
  return first?.id
}

buildWeb()
mkdirSync(OUT, { recursive: true })
const server = await startServer()
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS })
try {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    const sessions = new Map()
    for (const [name, email, target] of SCREENS) {
      const key = email ?? 'signed-out'
      if (!sessions.has(key)) {
        const context = await browser.newContext({
          baseURL: server.baseUrl,
          viewport,
          reducedMotion: 'reduce',
          isMobile: viewportName === 'phone',
          hasTouch: viewportName === 'phone',
        })
        const page = await context.newPage()
        if (email) {
          await page.goto('/api/login')
          await page.getByRole('button', { name: email }).click()
          await page.waitForURL(/\/t\/[^/]+\/?$/)
          await page.waitForLoadState('networkidle')
        }
        sessions.set(key, { context, page })
      }
      const { context, page } = sessions.get(key)
      const url = typeof target === 'function' ? await target(context.request) : target
      await page.goto(url)
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(300)
      const file = path.join(OUT, `${name}-${viewportName}.png`)
      await page.screenshot({ path: file })
      console.log(`wrote ${path.relative(root, file)}`)
    }
    for (const { context } of sessions.values()) await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
