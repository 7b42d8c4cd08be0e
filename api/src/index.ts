import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import type { AppDeps } from './app-env.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { releasePendingIdempotencyKeys } from './db/queries/idempotency.ts'
import { checkpointAndClose, whileStartingAlone } from './db/queries/lifecycle.ts'
import { resumeProcessing, scheduleTakeover } from './documents/process.ts'
import { resumeEmbedding } from './embeddings/indexer.ts'
import { loadEnv } from './env.ts'
import { answerInBackground, answerUnansweredMessages } from './experts/answer-stored-message.ts'
import { seedKnowledgeForAllTenants } from './experts/packs.ts'
import { openInstanceSignals } from './lib/instance-signals.ts'
import { createLogger } from './lib/logger.ts'
import { scheduleBackups } from './ops/backup-schedule.ts'
import { endOpenStreams } from './routes/experts.ts'
import { seedIfEmpty } from './seed/seed.ts'
import { scheduleSyncMaintenance } from './sync/maintenance.ts'

const env = loadEnv()
const { db, kind } = openDatabase(env.database)
// Instances starting together on one PostgreSQL database migrate and seed once, one after another.
await whileStartingAlone(db, async () => {
  await migrateToLatest(db)
  if (await seedIfEmpty(db)) console.log('Seeded the demo and harbor tenants.')
})
scheduleSyncMaintenance(db, (error) => console.error('Pruning the sync log failed:', error))
// On SQLite this is the only process, so a pending key's request died with the last one; on
// PostgreSQL another instance may still be running it, and a stale claim is taken over after its lease.
if (kind === 'sqlite') await releasePendingIdempotencyKeys(db)

const log = createLogger(env)
const signals = await openInstanceSignals(env.database, (error) => log.error({ err: error }, 'instance signals'))
const deps: AppDeps = { db, env, log, signals, lifecycle: { state: 'starting' } }
scheduleBackups(env, deps.log)
const resumed = await resumeProcessing(deps)
const stopTakeover = scheduleTakeover(deps)
void resumeEmbedding(deps)
if (resumed > 0) console.log(`Processing ${resumed} documents a restart interrupted.`)
const knowledge = await whileStartingAlone(db, () => seedKnowledgeForAllTenants(deps))
if (knowledge > 0) console.log(`Loaded the starter knowledge packs (${knowledge} passages).`)
deps.onUserMessage = answerInBackground(deps)
const app = createApp(deps)
void answerUnansweredMessages(deps).then((n) => n > 0 && console.log(`Answered ${n} waiting chat messages.`))
const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  if (deps.lifecycle) deps.lifecycle.state = 'serving'
  // Never the password a PostgreSQL URL may carry.
  const url = kind === 'postgres' ? new URL(env.database) : null
  const where = url ? `PostgreSQL ${url.host}${url.pathname}` : env.dbFile
  console.log(`Marine Workbench on http://localhost:${info.port} (database ${where})`)
})

/** In-flight requests and answer streams may finish for this long after SIGTERM; then they are cut. */
const SHUTDOWN_GRACE_MS = env.SHUTDOWN_GRACE_MS

/**
 * SIGTERM/SIGINT: readiness turns 503, no new connection is taken, requests in flight finish
 * (up to the grace period; answer streams still open then get a final error event), document jobs
 * of this instance are let go for another to take, then SQLite's WAL is checkpointed into the
 * database file (or PostgreSQL's pool closed).
 */
let stopping = false
const shutdown = () => {
  if (stopping) return
  stopping = true
  if (deps.lifecycle) deps.lifecycle.state = 'stopping'
  const http = server as Server
  // An answer stream still open at the end is told why it ends; its answer is finished after the restart.
  const cut = setTimeout(
    () =>
      void endOpenStreams()
        // The last events' bytes leave before the sockets are closed.
        .then(() => new Promise((resolve) => setTimeout(resolve, 250)))
        .finally(() => http.closeAllConnections()),
    SHUTDOWN_GRACE_MS,
  )
  cut.unref()
  http.closeIdleConnections()
  server.close(() => {
    clearTimeout(cut)
    void stopTakeover()
      .catch((error: unknown) => deps.log.error({ err: error }, 'releasing document jobs'))
      .then(() => signals.close())
      .then(() => checkpointAndClose(db))
      .finally(() => process.exit(0))
  })
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
