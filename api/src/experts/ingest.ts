import path from 'node:path'
import type { Expert } from '@mw/sync-protocol'
import type { AppDeps } from '../app-env.ts'
import { findDocument } from '../db/queries/documents.ts'
import { addFromDisk } from '../documents/library.ts'

export interface IngestResult {
  documentId: string
  title: string
  status: 'added' | 'replaced' | 'unchanged'
  /** ready or failed, after processing. */
  outcome: string
  passages: number
  error: string | null
}

/**
 * Indexes one file from the server's disk for a tenant's expert through the document library's
 * own path (original kept by hash, processed in a worker). Keyed by `key`, by default the file's
 * name, never its folder: the same file ingested from elsewhere is the same document, and the
 * same bytes again change nothing.
 */
export async function ingestFile(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  target: { tenant: string; expert: Expert },
  fileName: string,
  bytes: Uint8Array,
  key = `file:${path.basename(fileName)}`,
): Promise<IngestResult> {
  const { id, status } = await addFromDisk(deps, { ...target, key }, path.basename(fileName), bytes)
  const doc = await findDocument(deps.db, target.tenant, id)
  return {
    documentId: id,
    title: doc?.title ?? '',
    status,
    outcome: doc?.status ?? 'failed',
    passages: doc?.passages ?? 0,
    error: doc?.error ?? null,
  }
}
