import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { withStatementCache } from './statement-cache.ts'
import type { CaseAttachmentTable, CaseEventTable, CaseTable } from './tables/case.table.ts'
import type {
  ConversationTable,
  MessageFeedbackTable,
  MessageTable,
  QueryLogTable,
} from './tables/conversation.table.ts'
import type {
  KbDocumentTable,
  KbDocumentTermTable,
  KbEmbeddingSettingsTable,
  KbPassageTable,
  KbPassageVectorTable,
  KbSynonymTable,
} from './tables/knowledge.table.ts'
import type { MessageImageTable } from './tables/message-image.table.ts'
import type {
  ChangeLogTable,
  IdempotencyKeyTable,
  SyncDeviceTable,
  SyncHorizonTable,
  SyncMutationTable,
} from './tables/sync.table.ts'
import type { TenantLogoTable, TenantTable } from './tables/tenant.table.ts'
import type { TrainingAssignmentTable, TrainingAttemptTable, TrainingSetTable } from './tables/training.table.ts'
import type { LoginStateTable, MembershipTable, SessionTable, UserTable } from './tables/user.table.ts'

export interface Database {
  tenants: TenantTable
  tenant_logos: TenantLogoTable
  users: UserTable
  memberships: MembershipTable
  sessions: SessionTable
  login_states: LoginStateTable
  cases: CaseTable
  case_events: CaseEventTable
  conversations: ConversationTable
  messages: MessageTable
  message_images: MessageImageTable
  message_feedback: MessageFeedbackTable
  query_log: QueryLogTable
  training_sets: TrainingSetTable
  training_assignments: TrainingAssignmentTable
  training_attempts: TrainingAttemptTable
  change_log: ChangeLogTable
  sync_horizon: SyncHorizonTable
  sync_devices: SyncDeviceTable
  sync_mutations: SyncMutationTable
  idempotency_keys: IdempotencyKeyTable
  kb_documents: KbDocumentTable
  kb_passages: KbPassageTable
  kb_synonyms: KbSynonymTable
  kb_document_terms: KbDocumentTermTable
  kb_embedding_settings: KbEmbeddingSettingsTable
  kb_passage_vectors: KbPassageVectorTable
  case_attachments: CaseAttachmentTable
}

export type Db = Kysely<Database>

/** Opens the embedded SQLite database (a file, or ':memory:' in tests) with WAL and foreign keys on. */
export function openDatabase(file: string): { db: Db; sqlite: SQLite.Database } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  return { db, sqlite }
}
