/**
 * `npm run bench:offline`: answering on the device (issue 12). One expert with 20,000 passages,
 * kept as a device keeps them (the retrieval core's Candidate rows), answered with the shared
 * core's BM25, gate and built-in answerer, beside a plain linear scan of the same passages (term
 * coverage of every passage, best five) in the same run. Also: bytes the device keeps per
 * passage and per 1,000 PDF pages (at the chunker's passages per page on the starter packs).
 * Timed in Chromium (where the worker runs it) and in Node, in the same run.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Expert } from '@mw/sync-protocol'
import type { Candidate } from '@mw/sync-protocol/retrieval'
import { build } from 'esbuild'
import { chromium as playwright } from 'playwright-core'
import { seedKnowledgePacks } from '../src/experts/packs.ts'
import { benchDatabase, benchDeps, median, ms, percentile } from './bench-db.ts'
import { type OfflineTimings, timeOfflineAnswers } from './offline-answer-timing.ts'

const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 20_000)
const ROUNDS = 20
/** The passages a 1,000-page PDF manual becomes: the chunker's ~160-word passages at ~350 words a page. */
const PASSAGES_PER_PAGE = 2.2

const { db } = await benchDatabase()
await seedKnowledgePacks(benchDeps(db), 'demo')
const pack = await db
  .selectFrom('kb_passages')
  .select(['document_id', 'ordinal', 'title', 'section', 'page', 'text'])
  .where('expert', '=', 'seakeeper')
  .execute()
const packSentences = pack.flatMap((p) => p.text.split(/(?<=[.!?])\s+|\n/))
let seed = 7
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T
// The real pack passages, then passages of real pack sentences in new orders, up to PASSAGES.
const passages: Candidate[] = pack.map((p) => ({
  ...p,
  id: `${p.document_id}:${p.ordinal}`,
  documentId: p.document_id,
  fileName: 'pack.md',
}))
for (let i = passages.length; i < PASSAGES; i++) {
  passages.push({
    id: `synthetic:${i}`,
    documentId: `synthetic-${Math.floor(i / 500)}`,
    fileName: 'synthetic.pdf',
    ordinal: i % 500,
    title: `Synthetic manual ${Math.floor(i / 500)}`,
    section: `Section ${i % 40}`,
    page: 1 + Math.floor((i % 500) / 2),
    text: Array.from({ length: 8 }, () => pick(packSentences)).join(' '),
  })
}

const questions = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'retrieval-questions.json'), 'utf8')) as {
    expert: Expert
    question: string
  }[]
).filter((q) => q.expert === 'seakeeper')

const asked = questions.map((q) => q.question)
const node = timeOfflineAnswers(passages, asked, ROUNDS)
const browser = await inChromium(passages, asked)

const bytes = passages.reduce((sum, p) => sum + p.text.length + p.title.length + (p.section?.length ?? 0) + 80, 0)
const perPassage = bytes / passages.length
console.log(`Offline answers, ${passages.length} passages, ${questions.length} questions x ${ROUNDS} rounds`)
for (const [where, t] of [
  ['Chromium', browser],
  ['Node', node],
] as const) {
  console.log(`${where}: index build (once per expert and update): ${ms(t.buildMs)}`)
  console.log(
    `${where}: retrieval core (BM25 + gate + answer): median ${ms(median(t.core))}, p95 ${ms(percentile(t.core, 95))}`,
  )
  console.log(
    `${where}: linear scan baseline:                   median ${ms(median(t.linear))}, p95 ${ms(percentile(t.linear, 95))}`,
  )
}
console.log(
  `device storage: ${(perPassage / 1024).toFixed(2)} KiB a passage, ${((perPassage * PASSAGES_PER_PAGE * 1000) / 1024 / 1024).toFixed(1)} MiB per 1,000 PDF pages`,
)
await db.destroy()

/** The same timing in Chromium: the timing module bundled as the worker's code is, the passages handed over. */
async function inChromium(rows: Candidate[], asked: string[]): Promise<OfflineTimings> {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'offline-answer-timing.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'offlineBench',
    write: false,
    minify: true,
  })
  const chromium = await playwright.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    const page = await chromium.newPage()
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' })
    return await page.evaluate(
      ([p, q, r]) =>
        (
          globalThis as unknown as {
            offlineBench: { timeOfflineAnswers: (...a: unknown[]) => OfflineTimings }
          }
        ).offlineBench.timeOfflineAnswers(p, q, r),
      [rows, asked, ROUNDS] as const,
    )
  } finally {
    await chromium.close()
  }
}
