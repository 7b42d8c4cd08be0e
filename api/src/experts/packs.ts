/**
 * The starter knowledge packs in api/knowledge/{expert}/ (sample content a tenant replaces with
 * its own manuals), loaded into every tenant that has no knowledge yet so the experts answer
 * out of the box.
 */
import fs from 'node:fs'
import path from 'node:path'
import { EXPERTS, type Expert } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { tenantHasKnowledge } from '../db/queries/knowledge.ts'
import { ingestFile } from './ingest.ts'

export const PACKS_DIR = path.resolve(import.meta.dirname, '../../knowledge')

let cached: { expert: Expert; name: string; bytes: Uint8Array }[] | null = null

function packFiles() {
  cached ??= EXPERTS.flatMap((expert) => {
    const dir = path.join(PACKS_DIR, expert)
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => ({ expert, name, bytes: fs.readFileSync(path.join(dir, name)) }))
  })
  return cached
}

/** Loads both packs into `tenant` if it has no knowledge base yet. Returns the passages added. */
export async function seedKnowledgePacks(db: Db, tenant: string): Promise<number> {
  if (await tenantHasKnowledge(db, tenant)) return 0
  let passages = 0
  for (const file of packFiles()) {
    const result = await ingestFile(db, { tenant, expert: file.expert }, `pack:${file.expert}/${file.name}`, file.bytes)
    passages += result.passages
  }
  return passages
}

/** At boot: every tenant without knowledge gets the starter packs. */
export async function seedKnowledgeForAllTenants(db: Db): Promise<number> {
  const tenants = await db.selectFrom('tenants').select('slug').execute()
  let passages = 0
  for (const { slug } of tenants) passages += await seedKnowledgePacks(db, slug)
  return passages
}
