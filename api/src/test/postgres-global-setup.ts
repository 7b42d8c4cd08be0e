import { sql } from 'kysely'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { type Cluster, startCluster } from './postgres-cluster.ts'

/** The `api-pg` project: one throwaway cluster for the run, and a migrated template each test copies. */
let cluster: Cluster | undefined

export async function setup(project: TestProject) {
  cluster = await startCluster()
  const { db } = openDatabase(`${cluster.baseUrl}postgres`)
  await sql.raw('CREATE DATABASE mw_template').execute(db)
  await db.destroy()
  const template = openDatabase(`${cluster.baseUrl}mw_template`).db
  await migrateToLatest(template)
  await template.destroy()
  project.provide('postgresUrl', cluster.baseUrl)
}

export function teardown() {
  cluster?.stop()
}
