/**
 * The browser half of `npm run bench:keep`: the first download of an expert's manuals as a
 * technician's tablet does it, in Chromium, through the built app and the real server over a
 * loopback socket: 40 Markdown manuals of 500 sections (20,000 passages) uploaded by an Admin,
 * then "Download for offline use" until "Available offline". Beside it, in the same run, the same
 * requests made by a bare `fetch` that stores nothing. Then the seeded Furuno expert over an
 * emulated satellite link (600 ms latency, 1 Mbit/s). Bytes are what crossed the wire (CDP).
 * Last, a 1,000-page PDF (450 words a page, the Furuno pack's sentences) through the real
 * parser, kept on a fresh device: what IndexedDB grows by.
 * Needs the built app (`npm run build`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { tinyPdf } from '../../api/src/test/pdf.ts'
import { startServer } from '../e2e/server.ts'

const MANUALS = 40
const SECTIONS = 500
const RUNS = 3
const sentence = (i: number) =>
  `Check the raw-water strainer and the seacock before bleeding the cooling loop of unit ${i}; a high temperature alarm after relaunch usually means air in the loop.`
const manual = (m: number) =>
  Array.from({ length: SECTIONS }, (_, i) => `## Step ${m}.${i}\n\n${sentence(m * SECTIONS + i)} ${sentence(i)}`).join(
    '\n\n',
  )
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`

const server = await startServer()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})

async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 800, height: 1280 } })
  const page = await context.newPage()
  await page.goto('/api/login')
  await page.getByRole('button', { name: email }).click()
  await page.waitForURL(/\/t\/[^/]+\/?$/)
  return { context, page }
}

/** Sums the bytes received for API calls on this page from now on. */
async function wireBytes(page: Page, link?: { latency: number; bitsPerSecond: number }) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  if (link) {
    const bytesPerSecond = link.bitsPerSecond / 8
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: link.latency,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    })
  }
  const api = new Set<string>()
  let bytes = 0
  cdp.on('Network.requestWillBeSent', (e) => {
    if (new URL(e.request.url).pathname.startsWith('/api/')) api.add(e.requestId)
  })
  cdp.on('Network.loadingFinished', (e) => {
    if (api.has(e.requestId)) bytes += e.encodedDataLength
  })
  return () => bytes
}

const indexedDbUsage = (page: Page) =>
  page.evaluate(
    async () =>
      ((await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } }).usageDetails
        ?.indexedDB ?? 0,
  )

async function downloadForOffline(expert: string, link?: { latency: number; bitsPerSecond: number }) {
  const { context, page } = await signedIn('tech@demo.local')
  await page.goto(`/t/demo/ask/${expert}`)
  const button = page.getByRole('button', { name: 'Download for offline use' })
  await button.waitFor()
  const bytes = await wireBytes(page, link)
  const storedBefore = await indexedDbUsage(page)
  const start = performance.now()
  await button.click()
  const status = page.getByText(/^Available offline · /)
  await status.waitFor({ timeout: 600_000 })
  const ms = performance.now() - start
  const text = (await status.textContent()) ?? ''
  const stored = (await indexedDbUsage(page)) - storedBefore
  await context.close()
  return { ms, bytes: bytes(), text, stored }
}

/** A dense manual's worth of pages: 450 of the Furuno pack's words each, in lines of 85 characters. */
function thousandPagePdf(): Uint8Array {
  const dir = path.resolve(import.meta.dirname, '../../api/knowledge/furuno')
  const words = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .flatMap((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .replace(/[#*|`>-]/g, ' ')
        .split(/\s+/),
    )
    .filter(Boolean)
  // Words drawn at random (seeded), so the text does not repeat itself the way a cycled list would
  // and compresses about as much as prose does.
  let seed = 7
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
  const page = () => {
    const lines: string[] = []
    let line = ''
    for (let w = 0; w < 450; w++) {
      const word = words[Math.floor(random() * words.length)] as string
      if (line.length + word.length > 85) {
        lines.push(line)
        line = ''
      }
      line = line ? `${line} ${word}` : word
    }
    return [...lines, line].join('\n')
  }
  return tinyPdf(Array.from({ length: 1000 }, page))
}

/** The baseline: the same manual's passages put in raw IndexedDB, a row per passage. */
async function rawRowPerPassage(documentId: string) {
  const { context, page } = await signedIn('tech@demo.local')
  const before = await indexedDbUsage(page)
  await page.evaluate(async (id) => {
    const { passages } = (await (await fetch(`/api/t/demo/documents/${id}/passages`)).json()) as {
      passages: { ordinal: number }[]
    }
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('bench-row-per-passage', 1)
      open.onupgradeneeded = () => {
        const store = open.result.createObjectStore('passages', { keyPath: 'id' })
        store.createIndex('documentId', 'documentId')
      }
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const tx = db.transaction('passages', 'readwrite')
    for (const p of passages) tx.objectStore('passages').put({ ...p, id: `${id}:${p.ordinal}`, documentId: id })
    await new Promise((resolve) => {
      tx.oncomplete = resolve
    })
    db.close()
  }, documentId)
  const grew = (await indexedDbUsage(page)) - before
  await context.close()
  return grew
}

async function waitUntilProcessed(page: Page, expert: string) {
  for (;;) {
    const res = await page.request.get(`/api/t/demo/experts/${expert}/documents`)
    const { documents } = (await res.json()) as {
      documents: { id: string; fileName: string; status: string; pages: number | null; passages: number }[]
    }
    if (documents.every((d) => d.status !== 'processing')) return documents
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** The same list and passages requests by a bare fetch that parses and drops them: the floor. */
async function bareFetch(expert: string) {
  const { context, page } = await signedIn('tech@demo.local')
  const bytes = await wireBytes(page)
  const ms = await page.evaluate(async (expert) => {
    const start = performance.now()
    const list = (await (await fetch(`/api/t/demo/experts/${expert}/documents`)).json()) as {
      documents: { id: string; status: string }[]
    }
    for (const doc of list.documents.filter((d) => d.status === 'ready')) {
      await (await fetch(`/api/t/demo/documents/${doc.id}/passages`)).json()
    }
    return performance.now() - start
  }, expert)
  await context.close()
  return { ms, bytes: bytes() }
}

try {
  const admin = await signedIn('admin@demo.local')
  for (let m = 0; m < MANUALS; m++) {
    const res = await admin.page.request.post('/api/t/demo/experts/seakeeper/documents', {
      multipart: {
        file: { name: `Cooling manual ${m}.md`, mimeType: 'text/markdown', buffer: Buffer.from(manual(m)) },
      },
    })
    if (res.status() !== 202) throw new Error(`upload ${m}: ${res.status()} ${await res.text()}`)
  }
  const documents = await waitUntilProcessed(admin.page, 'seakeeper')
  const passages = documents.reduce((sum, d) => sum + d.passages, 0)
  console.log(`Seakeeper: ${documents.length} manuals, ${passages} passages (starter pack included)`)

  const keep: { ms: number; bytes: number; text: string }[] = []
  const bare: { ms: number; bytes: number }[] = []
  for (let run = 0; run < RUNS; run++) {
    keep.push(await downloadForOffline('seakeeper'))
    bare.push(await bareFetch('seakeeper'))
  }
  console.log(`Chromium, loopback socket (${RUNS} runs, medians):`)
  console.log(
    `  Download for offline use -> Available offline: ${median(keep.map((k) => k.ms)).toFixed(0)} ms, ${kib(median(keep.map((k) => k.bytes)))} on the wire (${keep[0]?.text})`,
  )
  console.log(
    `  bare fetch of the same requests, stored nowhere: ${median(bare.map((b) => b.ms)).toFixed(0)} ms, ${kib(median(bare.map((b) => b.bytes)))}`,
  )
  const sea = await downloadForOffline('furuno', { latency: 600, bitsPerSecond: 1_000_000 })
  console.log(
    `Emulated satellite link (600 ms, 1 Mbit/s), the seeded Furuno expert: ${(sea.ms / 1000).toFixed(1)} s, ${kib(sea.bytes)} (${sea.text})`,
  )

  const pdf = thousandPagePdf()
  const res = await admin.page.request.post('/api/t/demo/experts/furuno/documents', {
    multipart: { file: { name: 'Thousand pages.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) } },
  })
  if (res.status() !== 202) throw new Error(`1,000-page PDF: ${res.status()} ${await res.text()}`)
  const furuno = await waitUntilProcessed(admin.page, 'furuno')
  const thousand = furuno.find((d) => d.fileName === 'Thousand pages.pdf')
  const withThousand = await downloadForOffline('furuno')
  const perRow = await rawRowPerPassage(String(thousand?.id))
  console.log(
    `1,000-page PDF (${kib(pdf.length)}): ${thousand?.status}, ${thousand?.pages} pages, ${thousand?.passages} passages`,
  )
  console.log(`  Furuno kept with it: ${withThousand.text}, ${(withThousand.ms / 1000).toFixed(1)} s`)
  console.log(
    `  IndexedDB grew by ${(withThousand.stored / 1024 / 1024).toFixed(2)} MiB (the five pack manuals alone: ${(sea.stored / 1024).toFixed(0)} KiB)`,
  )
  console.log(`  baseline, raw IndexedDB with a row per passage: ${(perRow / 1024 / 1024).toFixed(2)} MiB`)
  await admin.context.close()
} finally {
  await browser.close()
  await server.stop()
}
