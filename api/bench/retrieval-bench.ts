/**
 * `npm run bench:retrieval`: builds 100,000 passages in a temp database, then measures
 * retrieve() (the expert's FTS5 index + re-ranking) beside a bare FTS5 MATCH of the same terms in
 * the same index, and
 * the time from request to the meta.contexts event and to done through the real app with the
 * local answerer. Figures go to BENCHMARKS.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Expert } from '@mw/sync-protocol'
import { searchTerms, TOP_K } from '@mw/sync-protocol/retrieval'
import { createApp } from '../src/app.ts'
import { finishDocument, insertDocument } from '../src/db/queries/documents.ts'
import { passageIndexName } from '../src/db/queries/passage-index.ts'
import { seedKnowledgePacks } from '../src/experts/packs.ts'
import { retrieve } from '../src/experts/retrieve.ts'
import { newId } from '../src/lib/ids.ts'
import { now } from '../src/lib/time.ts'
import { benchDatabase, benchDeps, benchSignIn, median, ms, percentile } from './bench-db.ts'

const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 100_000)
const PER_DOC = 1000
const ROUNDS = 10

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-bench-'))
const { db, sqlite } = await benchDatabase(path.join(dir, 'bench.db'))
await seedKnowledgePacks(benchDeps(db), 'demo')

// Synthetic passages: one sentence of the packs in ~80 words drawn from a 30,000-word Zipf
// vocabulary, so posting lists are long for common words and short for rare ones, as in real manuals.
const packSentences = (await db.selectFrom('kb_passages').select('text').execute()).flatMap((p) =>
  p.text.split(/(?<=[.!?])\s+|\n/),
)
let seed = 42
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T
const vocabulary = Array.from({ length: 30_000 }, (_, i) => `w${i.toString(36)}`)
const zipfWord = () =>
  vocabulary[
    Math.min(vocabulary.length - 1, Math.floor(Math.exp(random() * Math.log(vocabulary.length))) - 1)
  ] as string
const fillerWords = (n: number) => Array.from({ length: n }, zipfWord).join(' ')

const buildStart = performance.now()
for (let built = 0; built < PASSAGES; built += PER_DOC) {
  const expert: Expert = built % 10_000 < 5000 ? 'seakeeper' : 'furuno'
  const tenant = built % 50_000 < 45_000 ? 'demo' : 'harbor'
  const passages = Array.from({ length: Math.min(PER_DOC, PASSAGES - built) }, (_, i) => ({
    ordinal: i,
    section: `Section ${i % 40}`,
    page: 1 + Math.floor(i / 20),
    text: `${fillerWords(40)}. ${pick(packSentences)} ${fillerWords(40)}.`,
  }))
  const id = newId()
  await db.transaction().execute(async (trx) => {
    await insertDocument(trx, {
      id,
      tenant_slug: tenant,
      expert,
      source_path: `synthetic-${built}.md`,
      title: `Synthetic manual ${built / PER_DOC}`,
      content_hash: String(built).padStart(64, '0'),
      file_name: `synthetic-${built}.md`,
      content_type: 'text/markdown',
      size: 0,
      status: 'processing',
      created_by: null,
      created_at: now(),
      updated_at: now(),
    })
    await finishDocument(trx, {
      id,
      tenant,
      expert,
      title: null,
      pages: null,
      warning: null,
      passages,
      at: now(),
    })
  })
}
const buildMs = performance.now() - buildStart
const total = Number(
  (
    await db
      .selectFrom('kb_passages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
)

const questions = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'retrieval-questions.json'), 'utf8')) as {
  expert: Expert
  question: string
}[]
// The baseline: a bare MATCH of the question's words in the same index retrieve() searches.
const bare = (expert: Expert) => {
  const index = passageIndexName('demo', expert)
  return sqlite.prepare(`SELECT rowid FROM ${index} WHERE ${index} MATCH ? ORDER BY rank LIMIT ?`)
}
const bareOf = { seakeeper: bare('seakeeper'), furuno: bare('furuno') } as Record<Expert, ReturnType<typeof bare>>

const ours: number[] = []
const baseline: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  for (const q of questions) {
    const terms = searchTerms(q.question)
      .map((t) => `"${t}"`)
      .join(' OR ')
    let start = performance.now()
    bareOf[q.expert].all(terms, TOP_K)
    baseline.push(performance.now() - start)
    start = performance.now()
    await retrieve(db, 'demo', q.expert, q.question)
    ours.push(performance.now() - start)
  }
}

// Request -> meta.contexts and -> done through the real app, local answerer, in-process.
const app = createApp(benchDeps(db))
const cookie = await benchSignIn(app, 'tech@demo.local')
const toMeta: number[] = []
const toDone: number[] = []
for (const q of questions.slice(0, 20)) {
  const start = performance.now()
  const res = await app.request(`/api/t/demo/experts/${q.expert}/stream`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ query: q.question, filters: { file_subject_type: q.expert } }),
  })
  const reader = res.body?.getReader()
  let text = ''
  for (;;) {
    const chunk = await reader?.read()
    if (!chunk || chunk.done) break
    text += new TextDecoder().decode(chunk.value)
    if (toMeta.length < toDone.length + 1 && text.includes('"meta"')) toMeta.push(performance.now() - start)
  }
  if (!text.includes('"done":true')) throw new Error(`no done event for: ${q.question}`)
  toDone.push(performance.now() - start)
}

console.log(
  `Passages: ${total.toLocaleString('en')} (built in ${(buildMs / 1000).toFixed(1)} s), ${os.cpus().length} CPUs, Node ${process.version}`,
)
console.log(
  `Bare FTS5 MATCH (same terms, same index): p50 ${ms(median(baseline))}  p95 ${ms(percentile(baseline, 95))}`,
)
console.log(`retrieve() (scoped, scored):            p50 ${ms(median(ours))}  p95 ${ms(percentile(ours, 95))}`)
console.log(`Stream, request -> meta.contexts:        p50 ${ms(median(toMeta))}  p95 ${ms(percentile(toMeta, 95))}`)
console.log(`Stream, request -> done (local):         p50 ${ms(median(toDone))}  p95 ${ms(percentile(toDone, 95))}`)
await db.destroy()
fs.rmSync(dir, { recursive: true, force: true })
