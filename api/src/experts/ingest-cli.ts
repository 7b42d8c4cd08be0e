/**
 * `pnpm kb:ingest --tenant demo --expert furuno PATH...` indexes Markdown, text, HTML and PDF
 * files (directories are walked) into a tenant's expert knowledge base and reports each file.
 * Paths are resolved from the directory the command was run in.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { EXPERTS, type Expert } from '@mw/sync-protocol'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { findTenant } from '../db/queries/tenants.ts'
import { loadEnv } from '../env.ts'
import { createLogger } from '../lib/logger.ts'
import { ingestFile } from './ingest.ts'
import { SUPPORTED_EXTENSIONS } from './parse-document.ts'

const usage = `Usage: pnpm kb:ingest --tenant <slug> --expert <${EXPERTS.join('|')}> PATH...`

function listFiles(target: string): string[] {
  const stat = fs.statSync(target, { throwIfNoEntry: false })
  if (!stat) throw new Error(`${target} does not exist.`)
  if (stat.isFile()) return [target]
  return fs
    .readdirSync(target)
    .sort()
    .flatMap((name) => {
      const full = path.join(target, name)
      if (fs.statSync(full).isDirectory()) return listFiles(full)
      return (SUPPORTED_EXTENSIONS as readonly string[]).includes(path.extname(name).toLowerCase()) ? [full] : []
    })
}

async function main() {
  const { values, positionals } = parseArgs({
    options: { tenant: { type: 'string' }, expert: { type: 'string' } },
    allowPositionals: true,
  })
  const expert = values.expert as Expert | undefined
  if (!values.tenant || !expert || !EXPERTS.includes(expert) || positionals.length === 0) {
    console.error(usage)
    process.exit(2)
  }
  const base = process.env.INIT_CWD ?? process.cwd()
  const files = positionals.flatMap((p) => listFiles(path.resolve(base, p)))
  const env = loadEnv()
  const { db } = openDatabase(env.database)
  await migrateToLatest(db)
  const deps = { db, env, log: createLogger(env) }
  if (!(await findTenant(db, values.tenant))) throw new Error(`There is no tenant "${values.tenant}" in ${env.dbFile}.`)
  const totals = { added: 0, replaced: 0, unchanged: 0, failed: 0, passages: 0 }
  for (const file of files) {
    try {
      const result = await ingestFile(deps, { tenant: values.tenant, expert }, file, fs.readFileSync(file))
      if (result.outcome === 'failed') throw new Error(result.error ?? 'processing failed')
      totals[result.status]++
      totals.passages += result.passages
      console.log(
        `${result.status.padEnd(9)} ${String(result.passages).padStart(4)} passages  ${file}  "${result.title}"`,
      )
    } catch (error) {
      totals.failed++
      console.error(`failed              ${file}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  console.log(
    `${values.tenant}/${expert}: ${files.length} files (${totals.added} added, ${totals.replaced} replaced, ${totals.unchanged} unchanged, ${totals.failed} failed), ${totals.passages} passages.`,
  )
  await db.destroy()
  if (totals.failed > 0) process.exit(1)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
