import { createHash } from 'node:crypto'
import type { Expert } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { findKbDocument, replaceKbDocument } from '../db/queries/knowledge.ts'
import { newId } from '../lib/ids.ts'
import { now } from '../lib/time.ts'
import { chunkParagraphs } from './chunk.ts'
import { parseDocument } from './parse-document.ts'
import { scopeToken } from './search-terms.ts'

export interface IngestResult {
  sourcePath: string
  title: string
  status: 'added' | 'replaced' | 'unchanged'
  passages: number
}

/**
 * Indexes one file for a tenant's expert. Idempotent per source path: the same bytes again are
 * a no-op; changed bytes replace every passage of the earlier version in one transaction.
 */
export async function ingestFile(
  db: Db,
  target: { tenant: string; expert: Expert },
  sourcePath: string,
  bytes: Uint8Array,
): Promise<IngestResult> {
  const hash = createHash('sha256').update(bytes).digest('hex')
  const existing = await findKbDocument(db, target.tenant, target.expert, sourcePath)
  if (existing?.content_hash === hash) {
    return { sourcePath, title: existing.title, status: 'unchanged', passages: existing.passage_count }
  }
  const parsed = await parseDocument(sourcePath, bytes)
  const passages = chunkParagraphs(parsed.paragraphs)
  const at = now()
  await db.transaction().execute((trx) =>
    replaceKbDocument(
      trx,
      {
        id: newId(),
        tenant_slug: target.tenant,
        expert: target.expert,
        source_path: sourcePath,
        title: parsed.title,
        content_hash: hash,
        created_at: existing?.created_at ?? at,
        updated_at: at,
      },
      scopeToken(target.tenant, target.expert),
      passages,
    ),
  )
  return { sourcePath, title: parsed.title, status: existing ? 'replaced' : 'added', passages: passages.length }
}
