/**
 * `npm run cli -- tenant:export TENANT FILE` (and the Admin's download) and `tenant:delete TENANT`.
 * An export is one tar.gz: `tenant.json` (format below) and `originals/` with the tenant's
 * uploaded files (manuals and case attachments) by hash. `tenant.json` is
 *   { format: "marine-workbench-tenant-export", version: 1, tenant, exportedAt,
 *     tables: { tenants, memberships, users, cases, case_events, case_attachments, conversations, messages,
 *               message_images (bytes in base64), message_feedback, query_log, training_sets,
 *               training_set_versions, training_images (bytes in base64), training_assignments,
 *               training_attempts, kb_documents, kb_passages, kb_synonyms, kb_embedding_settings,
 *               change_log, sync_horizon, sync_devices } }
 * with each table's rows as stored (snake_case columns, JSON columns as text).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import type { Db } from '../db/database.ts'
import { deleteTenantRows, tenantRows } from '../db/queries/tenant-data.ts'
import { findTenant } from '../db/queries/tenants.ts'
import { originalPath, removeOriginal } from '../documents/originals.ts'
import type { Env } from '../env.ts'

export const EXPORT_FORMAT = 'marine-workbench-tenant-export'

export class TenantDataError extends Error {}

async function mustExist(db: Db, tenant: string) {
  if (!(await findTenant(db, tenant))) throw new TenantDataError(`There is no tenant "${tenant}".`)
}

export async function exportTenant(
  env: Env,
  db: Db,
  tenant: string,
  file: string,
): Promise<{ rows: number; files: number }> {
  await mustExist(db, tenant)
  const target = path.resolve(file)
  if (!fs.existsSync(path.dirname(target)))
    throw new TenantDataError(`The folder ${path.dirname(target)} does not exist.`)
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-export-'))
  try {
    const tables = await tenantRows(db, tenant)
    const manifest = { format: EXPORT_FORMAT, version: 1, tenant, exportedAt: new Date().toISOString(), tables }
    fs.writeFileSync(path.join(staging, 'tenant.json'), JSON.stringify(manifest))
    const hashes = new Set([
      ...(tables.kb_documents as { content_hash: string }[]).map((d) => d.content_hash),
      ...(tables.case_attachments as { sha256: string }[]).map((a) => a.sha256),
    ])
    let files = 0
    for (const hash of hashes) {
      const source = originalPath(env.documentsDir, hash)
      if (!fs.existsSync(source)) continue
      const into = originalPath(path.join(staging, 'originals'), hash)
      fs.mkdirSync(path.dirname(into), { recursive: true })
      fs.copyFileSync(source, into)
      files++
    }
    await tar.c({ gzip: true, file: target, cwd: staging, portable: true }, fs.readdirSync(staging))
    const rows = Object.values(tables).reduce((n, t) => n + t.length, 0)
    return { rows, files }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

export async function deleteTenant(env: Env, db: Db, tenant: string): Promise<string> {
  await mustExist(db, tenant)
  const unused = await deleteTenantRows(db, tenant)
  for (const hash of unused) removeOriginal(env.documentsDir, hash)
  return `Deleted tenant ${tenant}: every row, ${unused.length} original files, and the users who belonged to it alone.`
}
