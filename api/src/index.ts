import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import type { AppDeps } from './app-env.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { releasePendingIdempotencyKeys } from './db/queries/idempotency.ts'
import { loadEnv } from './env.ts'
import { answerInBackground, answerUnansweredMessages } from './experts/answer-stored-message.ts'
import { seedKnowledgeForAllTenants } from './experts/packs.ts'
import { seedIfEmpty } from './seed/seed.ts'
import { scheduleSyncMaintenance } from './sync/maintenance.ts'

const env = loadEnv()
const { db } = openDatabase(env.dbFile)
await migrateToLatest(db)
if (await seedIfEmpty(db)) console.log('Seeded the demo and harbor tenants.')
scheduleSyncMaintenance(db, (error) => console.error('Pruning the sync log failed:', error))
await releasePendingIdempotencyKeys(db)

const knowledge = await seedKnowledgeForAllTenants(db)
if (knowledge > 0) console.log(`Loaded the starter knowledge packs (${knowledge} passages).`)

const deps: AppDeps = { db, env }
deps.onUserMessage = answerInBackground(deps)
const app = createApp(deps)
void answerUnansweredMessages(deps).then((n) => n > 0 && console.log(`Answered ${n} waiting chat messages.`))
const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  console.log(`Marine Workbench on http://localhost:${info.port} (database ${env.dbFile})`)
})

const shutdown = () => {
  server.close()
  void db.destroy().finally(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
