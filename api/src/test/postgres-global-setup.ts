import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { createPostgresDatabase } from '../db/queries/copy.ts'
import { type Cluster, startCluster } from './postgres-cluster.ts'

/** The `api-pg` project: one throwaway cluster for the run, and a migrated template each test copies. */
let cluster: Cluster | undefined

export async function setup(project: TestProject) {
  cluster = await startCluster()
  const { db } = openDatabase(`${cluster.baseUrl}postgres`)
  await createPostgresDatabase(db, 'mw_template')
  await db.destroy()
  const template = openDatabase(`${cluster.baseUrl}mw_template`).db
  await migrateToLatest(template)
  await template.destroy()
  project.provide('postgresUrl', cluster.baseUrl)
}

export function teardown() {
  cluster?.stop()
}
