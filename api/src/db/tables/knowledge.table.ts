import type { Generated, Selectable } from 'kysely'

export interface KbDocumentTable {
  id: string
  tenant_slug: string
  expert: string
  /** A stable key, unique per tenant and expert: `doc:{id}` for uploads, `pack:{expert}/{file}` for the starter packs. */
  source_path: string
  title: string
  /** sha256 of the original's bytes, also its name in the originals store. */
  content_hash: string
  passage_count: number
  created_at: string
  updated_at: string
  file_name: string
  content_type: string
  size: number
  status: 'processing' | 'ready' | 'failed'
  pages: number | null
  pages_done: number
  error: string | null
  warning: string | null
  created_by: string | null
  /** JSON of the equipment models the manual covers, as an admin tagged them. */
  models_json: Generated<string>
  /** The instance processing it, until `claimed_until` (a lease it renews while it works). */
  claimed_by: string | null
  claimed_until: string | null
}
export type KbDocumentRow = Selectable<KbDocumentTable>

/** On SQLite each tenant's expert has its own FTS5 index of title/section/text (queries/passage-index.ts). */
export interface KbPassageTable {
  id: Generated<number>
  document_id: string
  tenant_slug: string
  expert: string
  ordinal: number
  title: string
  section: string | null
  page: number | null
  text: string
}
export type KbPassageRow = Selectable<KbPassageTable>

/** An expert's own synonym groups per tenant, as JSON (`string[][]`). */
export interface KbSynonymTable {
  tenant_slug: string
  expert: string
  groups: string
  updated_at: string
  updated_by: string | null
}

/** How many of a document's passages hold each search stem (see the 2026-11-26T1200 migration). */
export interface KbDocumentTermTable {
  term: string
  document_id: string
  df: number
}

/** A tenant's embedding model for dense retrieval (none: words alone). */
export interface KbEmbeddingSettingsTable {
  tenant_slug: string
  provider: string
  model: string
  base_url: string | null
  last_error: string | null
  updated_at: string
}

/** One passage's vector (float32 little-endian) from the model `model_key` names. */
export interface KbPassageVectorTable {
  passage_id: number
  model_key: string
  vector: Uint8Array
}
