/**
 * Processing off the request path: documents are parsed one at a time per server in a worker
 * thread (memory and time capped, kept warm between documents), with progress written as pages are done. The passages
 * and the `ready` status are written in one transaction; a failure writes only the reason.
 * Several instances may share the database: each job is claimed by one of them for a lease it
 * renews while it works. At boot and every half minute, whatever is left `processing` with no
 * live claim (a restart, an instance that died) is processed again from its kept original.
 */
import fs from 'node:fs'
import { Worker } from 'node:worker_threads'
import type { Logger } from 'pino'
import type { Db } from '../db/database.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { claimableDocuments, claimDocument, releaseClaims } from '../db/queries/document-claims.ts'
import { documentToProcess, failDocument, finishDocument, setDocumentProgress } from '../db/queries/documents.ts'
import { startEmbedding } from '../embeddings/indexer.ts'
import type { Env } from '../env.ts'
import { chunkParagraphs } from '../experts/chunk.ts'
import type { Metrics } from '../lib/metrics.ts'
import { now } from '../lib/time.ts'
import { titleFromFileName } from './file-types.ts'
import { originalPath } from './originals.ts'
import type { ParseJob, ParseMessage } from './parse-worker.ts'

const PDF_WITHOUT_TEXT = 'No text found: this looks like a scanned PDF or a drawing, so its pages cannot be searched.'
const NO_TEXT = 'No text found in this file, so it cannot be searched.'
const ORIGINAL_MISSING = 'The original file is missing from the server. Upload it again.'
const TOO_SLOW = 'Reading this file took too long (over 10 minutes). Split it into smaller files and upload them.'
const WORKER_LIMITS = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 64 }
/**
 * The heap limits leave out ArrayBuffers, which hold a PDF's decoded streams: a 2 MB PDF inflated
 * to 4.8 GB, and a larger one would take the whole server down. They are measured as it works,
 * against KB_PARSE_MEMORY_MB.
 */
const BUFFERS_CHECK_MS = 100
const TOO_BIG_INSIDE = 'This file could not be read: it needs more memory than a manual should.'
const PARSE_TIMEOUT_MS = 10 * 60_000
const PROGRESS_EVERY_MS = 250
/** How long a claim on a job holds without renewal; renewed every third of it while the job runs. */
const CLAIM_LEASE_MS = 90_000
const TAKEOVER_EVERY_MS = 30_000

interface Deps {
  db: Db
  env: Env
  log: Logger
  metrics?: Metrics
}

const queues = new WeakMap<Db, { chain: Promise<void> }>()

/** Queues a document for processing; resolves when it is done (ready or failed). */
export function queueProcessing(deps: Deps, id: string): Promise<void> {
  const queue = queues.get(deps.db) ?? { chain: Promise.resolve() }
  queues.set(deps.db, queue)
  const run = queue.chain
    .then(() => processDocument(deps, id))
    .then((state) => {
      if (state) deps.metrics?.documents.inc({ state })
    })
  queue.chain = run.catch((error: unknown) => deps.log.error({ err: error, documentId: id }, 'document processing'))
  return queue.chain
}

/** Resolves when every queued document is processed (tests, shutdown). */
export const processingIdle = (db: Db) => queues.get(db)?.chain ?? Promise.resolve()

/** What no live instance holds (a restart interrupted it, its instance died) is processed again. */
export async function resumeProcessing(deps: Deps): Promise<number> {
  const left = await claimableDocuments(deps.db, deps.env.instanceId, now())
  for (const doc of left) void queueProcessing(deps, doc.id)
  return left.length
}

/** Every half minute, takes over jobs whose instance stopped renewing its claim; returns the stop. */
export function scheduleTakeover(deps: Deps): () => Promise<void> {
  const timer = setInterval(() => {
    resumeProcessing(deps).catch((error: unknown) => deps.log.error({ err: error }, 'taking over documents'))
  }, TAKEOVER_EVERY_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await releaseClaims(deps.db, deps.env.instanceId)
  }
}

const claim = (deps: Deps, id: string) => {
  const at = Date.now()
  return claimDocument(
    deps.db,
    id,
    deps.env.instanceId,
    new Date(at).toISOString(),
    new Date(at + CLAIM_LEASE_MS).toISOString(),
  )
}

async function processDocument(deps: Deps, id: string): Promise<'ready' | 'failed' | null> {
  const doc = await documentToProcess(deps.db, id)
  if (doc?.status !== 'processing' || !(await claim(deps, id))) return null
  const renew = setInterval(() => void claim(deps, id).catch(() => {}), CLAIM_LEASE_MS / 3)
  try {
    return await processClaimed(deps, doc)
  } finally {
    clearInterval(renew)
  }
}

async function processClaimed(
  deps: Deps,
  doc: NonNullable<Awaited<ReturnType<typeof documentToProcess>>>,
): Promise<'ready' | 'failed' | null> {
  const { db, env } = deps
  const { id } = doc
  const fail = async (reason: string) => {
    await failDocument(db, id, reason, now())
    await recordChange(db, doc.tenant_slug, 'knowledge', doc.expert)
    return 'failed' as const
  }
  const file = originalPath(env.documentsDir, doc.content_hash)
  if (!fs.existsSync(file)) return fail(ORIGINAL_MISSING)
  const job = { file, fileName: doc.file_name, maxPages: env.KB_MAX_PAGES }
  const outcome = await parseInWorker(job, env.KB_PARSE_MEMORY_MB * 1024 * 1024, (done, total) =>
    setDocumentProgress(db, id, done, total),
  )
  if (outcome.kind === 'failed') return fail(outcome.reason)
  const passages = chunkParagraphs(outcome.paragraphs)
  const warning = passages.length > 0 ? null : outcome.pages ? PDF_WITHOUT_TEXT : NO_TEXT
  // The file's own title (PDF metadata, first heading) replaces only the automatic one from the
  // file name: an Admin's rename, and the title of an earlier edition, are kept.
  const automatic = doc.title === titleFromFileName(doc.file_name)
  const title = automatic && outcome.title !== '' ? outcome.title : null
  // Another instance took the job over while this one was stalled: its result counts, not this one.
  if (!(await claim(deps, id))) return null
  await db.transaction().execute((trx) =>
    finishDocument(trx, {
      id,
      tenant: doc.tenant_slug,
      expert: doc.expert,
      title,
      pages: outcome.pages,
      warning,
      passages,
      at: now(),
    }),
  )
  void startEmbedding(deps, doc.tenant_slug)
  return 'ready'
}

type Outcome = Exclude<ParseMessage, { kind: 'progress' }>

/** The parsing thread, kept between documents; replaced after a crash, a timeout or a minute idle. */
let parser: { worker: Worker; idle: NodeJS.Timeout | null } | null = null
const IDLE_MS = 60_000

function parserThread() {
  if (parser) {
    if (parser.idle) clearTimeout(parser.idle)
    parser.idle = null
    return parser.worker
  }
  // From source the thread runs parse-worker.ts; compiled, the build puts parse-worker.js beside the server.
  const file = import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.js'
  const worker = new Worker(new URL(file, import.meta.url), { resourceLimits: WORKER_LIMITS })
  worker.unref()
  parser = { worker, idle: null }
  worker.once('exit', () => {
    if (parser?.worker === worker) parser = null
  })
  return worker
}

function releaseParser(worker: Worker, broken: boolean) {
  if (parser?.worker !== worker) return
  if (broken) {
    parser = null
    void worker.terminate()
    return
  }
  parser.idle = setTimeout(() => releaseParser(worker, true), IDLE_MS)
  parser.idle.unref()
}

/** Documents are processed one at a time (the queue), so the one thread has one job at a time. */
function parseInWorker(
  job: ParseJob,
  maxBuffers: number,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const worker = parserThread()
    let lastProgress = 0
    let settled = false
    const finish = (outcome: Outcome, broken = false) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(buffers)
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
      releaseParser(worker, broken)
      resolve(outcome)
    }
    const onMessage = (message: ParseMessage) => {
      if (message.kind !== 'progress') return finish(message)
      if (Date.now() - lastProgress < PROGRESS_EVERY_MS && message.done < message.total) return
      lastProgress = Date.now()
      void onProgress(message.done, message.total)
    }
    const onError = () => finish({ kind: 'failed', reason: TOO_BIG_INSIDE }, true)
    const onExit = () => finish({ kind: 'failed', reason: 'This file could not be read. Try another copy.' }, true)
    const timer = setTimeout(() => finish({ kind: 'failed', reason: TOO_SLOW }, true), PARSE_TIMEOUT_MS)
    const buffers = setInterval(() => {
      worker.getHeapStatistics().then(
        (heap) => {
          if (heap.external_memory > maxBuffers) finish({ kind: 'failed', reason: TOO_BIG_INSIDE }, true)
        },
        () => {},
      )
    }, BUFFERS_CHECK_MS)
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
    worker.postMessage(job)
  })
}
