/**
 * A technician's job on a tablet with no network: the vessel and a unit with its serial, two
 * photos (one from a 12 MP-class camera, scaled down on the device) and the customer's signature
 * go on a case; all of it is still there after a reload offline, and once the link returns the
 * server holds each photo once and the service report carries the title, notes and serials. A
 * photo held upright stays upright, and a file removed offline is removed on the server later.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { expect, test } from 'vitest'
import { readJpegHeader } from '../src/lib/jpeg-header.ts'
import { randomPng } from '../src/sync/test/png.ts'
import {
  addCaseNote,
  browserForThisFile,
  openPage,
  signInAs,
  USERS,
  waitForServiceWorker,
  waitForSynced,
} from './harness.ts'

const browser = browserForThisFile()

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false }).promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return pages.join('\n')
}

test('equipment, two photos and a signature added offline reach the server once and the report', async () => {
  const { context, page, pageErrors } = await openPage(browser(), 'tablet')
  await signInAs(page, USERS.tech.email)
  await waitForServiceWorker(page)
  const title = `Anodes on Blue Horizon ${Date.now().toString(36)}`
  const created = await context.request.post('/api/t/demo/cases', { data: { title, expert: 'seakeeper' } })
  const { id } = (await created.json()) as { id: string }
  await page.goto(`/t/demo/cases/${id}`)
  await page.getByRole('heading', { name: title }).waitFor()
  await waitForSynced(page)

  await context.setOffline(true)
  const equipment = page.getByRole('region', { name: 'Vessel and Equipment' })
  await equipment.getByRole('button', { name: 'Add equipment' }).click()
  await equipment.getByRole('textbox', { name: 'Vessel' }).fill('Blue Horizon')
  await equipment.getByRole('textbox', { name: 'Make' }).fill('Seakeeper')
  await equipment.getByRole('textbox', { name: 'Model' }).fill('Seakeeper 9')
  await equipment.getByRole('textbox', { name: 'Serial' }).fill('SK9-2204117')
  await equipment.getByRole('textbox', { name: 'Hours' }).fill('1840')
  await equipment.getByRole('button', { name: 'Save equipment' }).click()
  await equipment.getByText('Seakeeper Seakeeper 9, SN SK9-2204117').waitFor()

  await page.getByLabel('Attach photos or PDF files').setInputFiles([
    { name: 'port-anode.png', mimeType: 'image/png', buffer: randomPng(2400, 1300) },
    { name: 'hull.png', mimeType: 'image/png', buffer: randomPng(320, 240) },
  ])
  const files = page.getByRole('region', { name: 'Photos and Files' })
  await files.getByRole('button', { name: 'Open port-anode.png' }).waitFor({ timeout: 20_000 })
  await files.getByRole('button', { name: 'Open hull.png' }).waitFor()
  await addCaseNote(page, 'Port anode half gone, replaced both.')

  const signature = page.getByRole('region', { name: 'Customer Signature' })
  await signature.getByRole('button', { name: 'Capture signature' }).click()
  const pad = await signature.getByLabel('Sign here with a finger or stylus').boundingBox()
  if (!pad) throw new Error('the signature pad is not drawn')
  await page.mouse.move(pad.x + 20, pad.y + pad.height / 2)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(pad.x + 20 + step * 30, pad.y + pad.height / 2 + (step % 2 ? 20 : -20))
  }
  await page.mouse.up()
  await signature.getByRole('button', { name: 'Save signature' }).click()
  await signature.getByRole('img', { name: "The customer's signature" }).waitFor()

  await page.reload()
  await page.getByRole('heading', { name: title }).waitFor()
  await files.getByRole('button', { name: 'Open port-anode.png' }).waitFor()
  await files.getByRole('button', { name: 'Open hull.png' }).waitFor()
  await equipment.getByText('Seakeeper Seakeeper 9, SN SK9-2204117').waitFor()
  const thumbnail = files.getByRole('button', { name: 'Open hull.png' }).locator('img')
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)

  await context.setOffline(false)
  await waitForSynced(page)
  await expect
    .poll(async () => {
      const answer = await context.request.get(`/api/t/demo/cases/${id}/attachments`)
      return ((await answer.json()) as { attachments: unknown[] }).attachments.length
    })
    .toBe(3)
  const { attachments } = (await (await context.request.get(`/api/t/demo/cases/${id}/attachments`)).json()) as {
    attachments: { id: string; fileName: string; kind: string }[]
  }
  expect(attachments.map((a) => `${a.kind}:${a.fileName}`).sort()).toEqual([
    'file:hull.png',
    'file:port-anode.png',
    'signature:customer-signature.png',
  ])
  // Scaled to 1600 px on the tablet before it was kept: the upload is a third of the camera's pixels.
  const wide = attachments.find((a) => a.fileName === 'port-anode.png')
  const stored = await context.request.get(`/api/t/demo/attachments/${wide?.id}/file`)
  expect((await stored.body()).readUInt32BE(16)).toBe(1600)

  const report = await context.request.get(`/api/t/demo/cases/${id}/report.pdf`)
  expect(report.headers()['content-type']).toBe('application/pdf')
  const text = await pdfText(new Uint8Array(await report.body()))
  for (const expected of [title, 'Port anode half gone, replaced both.', 'SK9-2204117', 'Blue Horizon']) {
    expect(text).toContain(expected)
  }
  expect(text).toContain('Customer signature')
  expect(pageErrors).toEqual([])
  await context.close()
})

test('a camera JPEG held upright (EXIF turned a quarter) is kept upright, 1600 px wide', async () => {
  const { context, page, pageErrors } = await openPage(browser(), 'tablet')
  await signInAs(page, USERS.tech.email)
  const created = await context.request.post('/api/t/demo/cases', {
    data: { title: 'Upright photo', expert: 'seakeeper' },
  })
  const { id } = (await created.json()) as { id: string }
  await page.goto(`/t/demo/cases/${id}`)
  await page.getByRole('heading', { name: 'Upright photo' }).waitFor()

  // Stored 4000 x 3000, left half red and right half blue; orientation 6 shows it 3000 x 4000, the
  // red half on top. The resizer decodes it at half size, where the turn must still be applied.
  const stored = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    context.fillStyle = '#ff0000'
    context.fillRect(0, 0, 2000, 3000)
    context.fillStyle = '#0000ff'
    context.fillRect(2000, 0, 2000, 3000)
    return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg' })).arrayBuffer())]
  })
  const exifTurned = [
    0xff, 0xe1, 0, 34, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1,
    0, 6, 0, 0, 0, 0, 0, 0,
  ]
  const photo = Buffer.from([...stored.slice(0, 2), ...exifTurned, ...stored.slice(2)])
  await page
    .getByLabel('Attach photos or PDF files')
    .setInputFiles({ name: 'mast.jpg', mimeType: 'image/jpeg', buffer: photo })
  await waitForSynced(page)
  await expect
    .poll(
      async () =>
        (
          (await (await context.request.get(`/api/t/demo/cases/${id}/attachments`)).json()) as {
            attachments: unknown[]
          }
        ).attachments.length,
    )
    .toBe(1)
  const { attachments } = (await (await context.request.get(`/api/t/demo/cases/${id}/attachments`)).json()) as {
    attachments: { id: string }[]
  }
  const kept = await (await context.request.get(`/api/t/demo/attachments/${attachments[0]?.id}/file`)).body()
  expect(readJpegHeader(new Uint8Array(kept))).toEqual({ width: 1600, height: 2133, orientation: 1 })
  const [top, bottom] = await page.evaluate(
    async (bytes) => {
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }))
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
      context.drawImage(bitmap, 0, 0)
      return [200, 1900].map((y) => [...context.getImageData(800, y, 1, 1).data.slice(0, 3)])
    },
    [...kept],
  )
  expect(top?.[0]).toBeGreaterThan(200)
  expect(top?.[2]).toBeLessThan(60)
  expect(bottom?.[0]).toBeLessThan(60)
  expect(bottom?.[2]).toBeGreaterThan(200)
  expect(pageErrors).toEqual([])
  await context.close()
})

test('a file removed offline is gone at once, after a reload, and from the server once the link returns', async () => {
  const { context, page, pageErrors } = await openPage(browser(), 'tablet')
  await signInAs(page, USERS.tech.email)
  await waitForServiceWorker(page)
  const created = await context.request.post('/api/t/demo/cases', {
    data: { title: 'Wrong photo', expert: 'seakeeper' },
  })
  const { id } = (await created.json()) as { id: string }
  await page.goto(`/t/demo/cases/${id}`)
  await page.getByRole('heading', { name: 'Wrong photo' }).waitFor()
  await page.getByLabel('Attach photos or PDF files').setInputFiles({
    name: 'thumb.png',
    mimeType: 'image/png',
    buffer: randomPng(320, 240),
  })
  await waitForSynced(page)
  const files = page.getByRole('region', { name: 'Photos and Files' })
  const serverFiles = async () =>
    ((await (await context.request.get(`/api/t/demo/cases/${id}/attachments`)).json()) as { attachments: unknown[] })
      .attachments.length
  await expect.poll(serverFiles).toBe(1)

  await context.setOffline(true)
  await files.getByRole('button', { name: 'Open thumb.png' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
  await page.locator('.toast').getByText('Saved on this device, will sync').waitFor()
  await expect.poll(() => files.getByRole('button', { name: 'Open thumb.png' }).count()).toBe(0)
  await page.reload()
  await page.getByRole('heading', { name: 'Wrong photo' }).waitFor()
  await files.waitFor()
  expect(await files.getByRole('button', { name: 'Open thumb.png' }).count()).toBe(0)

  await context.setOffline(false)
  await waitForSynced(page)
  await expect.poll(serverFiles).toBe(0)
  expect(await files.getByRole('button', { name: 'Open thumb.png' }).count()).toBe(0)
  expect(pageErrors).toEqual([])
  await context.close()
})
