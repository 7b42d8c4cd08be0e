/**
 * The starter knowledge packs in api/knowledge/{expert}/ (sample content a tenant replaces with
 * its own manuals), loaded into every tenant that has no knowledge yet so the experts answer
 * out of the box.
 */
import fs from 'node:fs'
import path from 'node:path'
import { EXPERTS, type Expert } from '@mw/sync-protocol'
import type { AppDeps } from '../app-env.ts'
import { tenantHasKnowledge, tenantSlugs } from '../db/queries/knowledge.ts'
import { API_DIR } from '../paths.ts'
import { citeSampleSources } from '../seed/sample-sources.ts'
import { ingestFile } from './ingest.ts'

export const PACKS_DIR = path.join(API_DIR, 'knowledge')

type Deps = Pick<AppDeps, 'db' | 'env' | 'log'>

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

/** Loads both packs into `tenant` if it has no knowledge base yet, and the sample answers cite them. Returns the passages added. */
export async function seedKnowledgePacks(deps: Deps, tenant: string): Promise<number> {
  if (await tenantHasKnowledge(deps.db, tenant)) return 0
  let passages = 0
  for (const file of packFiles()) {
    const key = `pack:${file.expert}/${file.name}`
    const result = await ingestFile(deps, { tenant, expert: file.expert }, file.name, file.bytes, key)
    passages += result.passages
  }
  await citeSampleSources(deps.db, tenant)
  return passages
}

/** At boot: every tenant without knowledge gets the starter packs. */
export async function seedKnowledgeForAllTenants(deps: Deps): Promise<number> {
  let passages = 0
  for (const slug of await tenantSlugs(deps.db)) passages += await seedKnowledgePacks(deps, slug)
  return passages
}
