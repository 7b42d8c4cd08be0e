import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { inlineLimits } from './inline-limits.ts'
import { namingStatements } from './prepared-statements.ts'
import { openReadConnection } from './read-connection.ts'
import { withStatementCache } from './statement-cache.ts'
import type {
  CaseAttachmentTable,
  CaseEventTable,
  CaseTable,
  StagedChunkTable,
  StagedUploadTable,
} from './tables/case.table.ts'
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
  RateLimitBucketTable,
  StreamSlotTable,
  SyncDeviceTable,
  SyncHorizonTable,
  SyncMutationTable,
} from './tables/sync.table.ts'
import type { TenantLogoTable, TenantTable } from './tables/tenant.table.ts'
import type {
  TrainingAssignmentTable,
  TrainingAttemptTable,
  TrainingImageTable,
  TrainingSetTable,
  TrainingSetVersionTable,
} from './tables/training.table.ts'
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
  training_set_versions: TrainingSetVersionTable
  training_images: TrainingImageTable
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
  staged_uploads: StagedUploadTable
  staged_chunks: StagedChunkTable
  rate_limit_buckets: RateLimitBucketTable
  stream_slots: StreamSlotTable
}

export type Db = Kysely<Database>

export type DatabaseKind = 'sqlite' | 'postgres'

export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//.test(location)

/** Whether queries on `db` (or a transaction of it) run on PostgreSQL, where the SQL must differ. */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database untyped
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter

/**
 * Opens the database at `location`: a `postgres://` URL (a pool), or the embedded SQLite file
 * (or ':memory:') with WAL and foreign keys on.
 */
export function openDatabase(location: string): { db: Db; kind: DatabaseKind } {
  if (isPostgresUrl(location)) return { db: openPostgres(location), kind: 'postgres' }
  return { db: openSqlite(location).db, kind: 'sqlite' }
}

/** The embedded SQLite database, with its handle for what only SQLite does (online backup, pragmas). */
export function openSqlite(file: string): { db: Db; sqlite: SQLite.Database } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  let closeReads = () => {}
  const statements = withStatementCache(sqlite)
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: {
        prepare: statements.prepare,
        close: () => {
          closeReads()
          statements.close()
        },
      },
    }),
    plugins: [inlineLimits],
  })
  if (file !== ':memory:') closeReads = openReadConnection(db, file)
  return { db, sqlite }
}

// Counts and sums come back as numbers, as they do from SQLite (no count here nears 2^53).
const NUMBER_TYPES = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC])
const getTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  NUMBER_TYPES.has(oid) ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: { getTypeParser } })
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingStatements(pool) }) })
}
