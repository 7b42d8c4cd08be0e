/**
 * With every tab of the app closed, a change made offline still reaches the server: the browser
 * wakes the service worker with a Background Sync event ('mw-outbox') and the worker drains the
 * outbox. The event is dispatched through the DevTools protocol, as the browser would on
 * reconnect, so the test does not depend on the machine's real network changing.
 */
import type { BrowserContext } from 'playwright-core'
import { expect, test } from 'vitest'
import {
  addCaseNote,
  baseUrl,
  browserForThisFile,
  dumpOutboxes,
  openPage,
  signInAs,
  USERS,
  visibleText,
  waitForServiceWorker,
  waitForSynced,
} from './harness.ts'

const browser = browserForThisFile()

async function caseDescription(context: BrowserContext, id: string): Promise<string> {
  const res = await context.request.get(`/api/t/demo/cases/${id}`)
  return ((await res.json()) as { description: string }).description
}

test('the service worker drains the outbox on Background Sync with no tab of the app open', async () => {
  const { context, page } = await openPage(browser())
  await signInAs(page, USERS.tech.email)
  await waitForServiceWorker(page)
  const [target] = (await (await context.request.get('/api/t/demo/cases')).json()) as { id: string; title: string }[]
  if (!target) throw new Error('The demo seed has no case.')
  await page.goto(`/t/demo/cases/${target.id}`)
  await visibleText(page, target.title).waitFor()
  await waitForSynced(page)

  await context.setOffline(true)
  const note = `Drained by the service worker ${Date.now()}`
  await addCaseNote(page, note)
  // Leave the app (the icon is precached, so this works offline): no page drainer runs any more.
  await page.goto('/icons/icon.svg')
  await context.setOffline(false)
  await page.waitForTimeout(1_000)
  expect(await caseDescription(context, target.id)).not.toContain(note)

  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseUrl()}/` && !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: baseUrl(),
    registrationId: await registrationId,
    tag: 'mw-outbox',
    lastChance: false,
  })
  await expect
    .poll(() => caseDescription(context, target.id), { timeout: 20_000 })
    .toContain(note)
    .catch(async (error: Error) => {
      const [worker] = context.serviceWorkers()
      const outboxes = worker ? await dumpOutboxes(worker) : 'no service worker'
      throw new Error(`${error.message}\nOutboxes seen by the worker: ${JSON.stringify(outboxes)}`)
    })
  await context.close()
})
