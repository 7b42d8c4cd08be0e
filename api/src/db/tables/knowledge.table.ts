import type { Generated, Selectable } from 'kysely'

export interface KbDocumentTable {
  id: string
  tenant_slug: string
  expert: string
  /** Where the file came from (the ingestion path, or a pack-relative name); unique per tenant and expert. */
  source_path: string
  title: string
  /** sha256 of the file's bytes: re-ingesting an unchanged file is a no-op. */
  content_hash: string
  passage_count: number
  created_at: string
  updated_at: string
}
export type KbDocumentRow = Selectable<KbDocumentTable>

/** kb_passages_fts (FTS5, external content) mirrors scope/title/section/text through triggers. */
export interface KbPassageTable {
  id: Generated<number>
  document_id: string
  tenant_slug: string
  expert: string
  scope: string
  ordinal: number
  title: string
  section: string | null
  page: number | null
  text: string
}
export type KbPassageRow = Selectable<KbPassageTable>
