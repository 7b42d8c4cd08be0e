import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { loadEnv } from './env.ts'
import { seedIfEmpty } from './seed/seed.ts'
import { scheduleSyncMaintenance } from './sync/maintenance.ts'

const env = loadEnv()
const { db } = openDatabase(env.dbFile)
await migrateToLatest(db)
if (await seedIfEmpty(db)) console.log('Seeded the demo and harbor tenants.')
scheduleSyncMaintenance(db, (error) => console.error('Pruning the sync log failed:', error))

const app = createApp({ db, env })
const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  console.log(`Marine Workbench on http://localhost:${info.port} (database ${env.dbFile})`)
})

const shutdown = () => {
  server.close()
  void db.destroy().finally(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
