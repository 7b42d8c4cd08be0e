import type { Generated, Insertable, Selectable } from 'kysely'

export interface CaseTable {
  id: string
  tenant_slug: string
  title: string
  description: string
  expert: string
  status: string
  tags_json: string
  created_by: string
  assigned_to: string | null
  conversation_id: string | null
  /** '' until someone records it. */
  vessel: Generated<string>
  /** JSON of EquipmentUnit[] ('[]' until someone records one). */
  equipment_json: Generated<string>
  version: number
  /** The case version at which the status last changed, and the device (or user) that changed it. */
  status_version: number
  status_changed_by: string | null
  created_at: string
  updated_at: string
}
export type CaseRow = Selectable<CaseTable>
export type InsertableCaseRow = Insertable<CaseTable>

export interface CaseEventTable {
  id: string
  tenant_slug: string
  case_id: string
  kind: string
  author_id: string
  data_json: string
  created_at: string
}
export type CaseEventRow = Selectable<CaseEventTable>

export interface StagedUploadTable {
  id: string
  tenant_slug: string
  user_id: string
  /** Bytes received so far: the next piece must start here. */
  received: number
  updated_at: string
}

export interface StagedChunkTable {
  upload_id: string
  start_byte: number
  bytes: Uint8Array
}

export interface CaseAttachmentTable {
  id: string
  tenant_slug: string
  case_id: string
  file_name: string
  content_type: string
  size: number
  sha256: string
  kind: string
  created_by: string
  created_at: string
}
