/**
 * The device's database: one IndexedDB database per (user, tenant), so two people sharing a
 * tablet never read each other's rows. Synced tables hold the server's rows (plus optimistic
 * changes of queued mutations); `outbox`, `bases`, `acks` and `syncState` are local-only.
 * Versions are only ever added, never edited.
 */
import type {
  Assignment,
  Attachment,
  Case,
  CaseEvent,
  Conversation,
  DocumentPassage,
  Expert,
  KnowledgeState,
  Message,
  MutationArgs,
  MutationType,
  Source,
  SyncEntity,
  TenantConfig,
  TenantUser,
  TrainingSet,
} from '@mw/sync-protocol'
import type { Candidate } from '@mw/sync-protocol/retrieval'
import { Dexie, type Table } from 'dexie'
import type { FileBlob, QueuedUpload, TrainingImage } from './local-files.ts'

export type OutboxState = 'pending' | 'acked' | 'rejected' | 'conflict'

/** A queued mutation. `seq` is gapless per device; `acked` entries wait for the pull that shows their effect. */
export type OutboxEntry = {
  [T in MutationType]: {
    seq: number
    mid: string
    type: T
    args: MutationArgs<T>
    baseVersion: number | null
    createdAt: string
    state: OutboxState
    reason?: string
    code?: string
    attempts: number
  }
}[MutationType]

/** The server's row under an optimistic change, kept while a queued mutation touches it (null: absent). */
export interface BaseRow {
  key: string
  row: unknown
}

/** The final answer to a mutation, kept a while so screens can await it (see awaitMutationResult). */
export interface AckRow {
  mid: string
  status: 'applied' | 'duplicate' | 'rejected' | 'conflict'
  reason?: string
  code?: string
  at: string
}

export interface SyncState {
  deviceId: string
  /** The change-log version the pull has reached. */
  cursor: number
  lastSyncedAt: string | null
  /** The last seq handed to a mutation on this device. */
  lastSeq: number
}

/** A manual kept on this device for answering offline (its passages are in `kbPassages`). */
export interface KeptDocument {
  id: string
  expert: Expert
  title: string
  fileName: string
  sha256: string
  updatedAt: string
  passages: number
  /** The passages' text as stored, in bytes (what the device spends on it). */
  bytes: number
  /** The equipment models an Admin tagged it with (absent on copies kept before tags existed). */
  models?: string[]
}

/** One passage of a kept manual, in the retrieval core's shape (version 4; moved into `keptTexts`). */
type KeptPassage = Candidate & { expert: Expert }

/**
 * A kept manual's passages, in one row: a row per passage cost IndexedDB more in keys and index
 * entries than the text itself.
 */
export interface KeptText {
  documentId: string
  expert: Expert
  passages: DocumentPassage[]
}

/** An expert whose manuals this device keeps, and when they were last brought up to date. */
export interface KeptExpert {
  expert: Expert
  updatedAt: string
  documents: number
  passages: number
  bytes: number
  /** The library's `changedAt` in the sync feed when this copy was made: a newer one means update. */
  libraryChangedAt?: string
  /** The user chose to keep the original PDFs too, for the page view at sea. */
  originals?: boolean
  /** What those originals take on the device. */
  originalBytes?: number
}

/** A kept manual's original file (PDFs only), for drawing its pages with no network. */
export interface KeptOriginal {
  documentId: string
  expert: Expert
  contentType: string
  bytes: ArrayBuffer
}

/** An answer written on this device with no network (local only; the server's answer follows). */
export interface OfflineAnswer {
  questionId: string
  conversationId: string
  content: string
  sources: Source[]
  createdAt: string
  /** The case's units whose manuals were cited first (absent: none). */
  focus?: string[]
}

/** This user's own rating of an answer (local only: the server keeps it for the reports). */
export interface LocalRating {
  messageId: string
  rating: 'up' | 'down'
  comment: string | null
}

/** This user's attempt at an assigned set, scored on the device at once (the server's score follows for direct assignments). */
export interface LocalAttempt {
  id: string
  assignmentId: string
  score: number
  answered: number
  questions: number
  completedAt: string
}

export const TENANT_CONFIG_KEY = 'config'
export const SYNC_STATE_KEY = 'sync'

export const localDbName = (userId: string, tenant: string) => `mw:${userId}:${tenant}`

export class LocalDb extends Dexie {
  cases!: Table<Case, string>
  caseEvents!: Table<CaseEvent, string>
  conversations!: Table<Conversation, string>
  messages!: Table<Message, string>
  trainingSets!: Table<TrainingSet, string>
  assignments!: Table<Assignment, string>
  tenantConfig!: Table<TenantConfig, string>
  tenantUsers!: Table<TenantUser, string>
  outbox!: Table<OutboxEntry, number>
  bases!: Table<BaseRow, string>
  acks!: Table<AckRow, string>
  syncState!: Table<SyncState, string>
  ratings!: Table<LocalRating, string>
  keptDocuments!: Table<KeptDocument, string>
  keptTexts!: Table<KeptText, string>
  keptOriginals!: Table<KeptOriginal, string>
  keptExperts!: Table<KeptExpert, string>
  knowledge!: Table<KnowledgeState, string>
  offlineAnswers!: Table<OfflineAnswer, string>
  attempts!: Table<LocalAttempt, string>
  attachments!: Table<Attachment, string>
  uploads!: Table<QueuedUpload, string>
  fileBlobs!: Table<FileBlob, string>
  trainingImages!: Table<TrainingImage, string>

  readonly userId: string
  readonly tenant: string

  constructor(userId: string, tenant: string) {
    super(localDbName(userId, tenant))
    this.userId = userId
    this.tenant = tenant
    this.version(1).stores({
      cases: 'id, status, updatedAt',
      caseEvents: 'id, caseId',
      conversations: 'id, agentId, updatedAt',
      messages: 'id, conversationId, [conversationId+createdAt], createdAt',
      trainingSets: 'id, createdAt',
      assignments: 'id, setId',
      tenantConfig: '',
      tenantUsers: 'id',
      outbox: 'seq, &mid, state',
      bases: 'key',
      acks: 'mid, at',
      syncState: '',
    })
    // The drainer reads the next pending entries in seq order without loading the answered ones.
    this.version(2).stores({ outbox: 'seq, &mid, state, [state+seq]' })
    this.version(3).stores({ ratings: 'messageId' })
    this.version(4).stores({
      keptDocuments: 'id, expert',
      keptPassages: 'id, documentId, expert',
      keptExperts: 'expert',
      offlineAnswers: 'questionId, conversationId',
    })
    this.version(5).stores({ knowledge: 'expert' })
    this.version(6)
      .stores({ keptTexts: 'documentId, expert' })
      .upgrade(async (tx) => {
        const byDocument = new Map<string, KeptText>()
        await tx.table<KeptPassage>('keptPassages').each(({ documentId, expert, ordinal, section, page, text }) => {
          const kept = byDocument.get(documentId) ?? { documentId, expert, passages: [] }
          kept.passages.push({ ordinal, section, page, text })
          byDocument.set(documentId, kept)
        })
        for (const kept of byDocument.values()) kept.passages.sort((a, b) => a.ordinal - b.ordinal)
        await tx.table('keptTexts').bulkPut([...byDocument.values()])
      })
    this.version(7).stores({ keptPassages: null })
    this.version(8).stores({ keptOriginals: 'documentId, expert' })
    this.version(9).stores({ attempts: 'id, assignmentId' })
    this.version(10).stores({ attachments: 'id, caseId', uploads: 'id, caseId, state', fileBlobs: 'id' })
    this.version(11).stores({ trainingImages: 'url' })
  }
}

/** The synced table holding each entity of the change feed. */
export function tableFor(db: LocalDb, entity: SyncEntity): Table<unknown, string> {
  const tables = {
    case: db.cases,
    caseEvent: db.caseEvents,
    attachment: db.attachments,
    conversation: db.conversations,
    message: db.messages,
    trainingSet: db.trainingSets,
    assignment: db.assignments,
    tenantConfig: db.tenantConfig,
    tenantUser: db.tenantUsers,
    knowledge: db.knowledge,
  }
  return (tables as unknown as Record<SyncEntity, Table<unknown, string>>)[entity]
}

/** The tables a pull writes; a reset clears them and keeps the outbox. */
export const syncedTables = (db: LocalDb) => [
  db.cases,
  db.caseEvents,
  db.attachments,
  db.conversations,
  db.messages,
  db.trainingSets,
  db.assignments,
  db.tenantConfig,
  db.tenantUsers,
  db.knowledge,
]

const open = new Map<string, LocalDb>()

/** The database of one signed-in user in one tenant (one instance per name in this context). */
export function openLocalDb(userId: string, tenant: string): LocalDb {
  const name = localDbName(userId, tenant)
  let db = open.get(name)
  if (!db) {
    db = new LocalDb(userId, tenant)
    open.set(name, db)
    db.on('close', () => open.delete(name))
  }
  return db
}

/** Closes and forgets a database (sign-out, tests that simulate a closed tab). */
export function closeLocalDb(db: LocalDb) {
  open.delete(db.name)
  db.close()
}
