import { sql } from 'kysely'
import { type Migration, Migrator } from 'kysely/migration'
import type { Db } from './database.ts'
import * as initial from './migrations/2026-11-20T1200-initial.ts'
import * as knowledgeBase from './migrations/2026-11-22T1200-knowledge-base.ts'
import * as messageImages from './migrations/2026-11-23T1200-message-images.ts'
import * as documentLibrary from './migrations/2026-11-25T1200-document-library.ts'
import * as conversationHistory from './migrations/2026-11-25T1300-conversation-history.ts'
import * as answerOrigin from './migrations/2026-11-25T1400-answer-origin.ts'
import * as tenantLogo from './migrations/2026-11-25T1500-tenant-logo.ts'
import * as memberDeactivation from './migrations/2026-11-25T1600-member-deactivation.ts'
import * as documentTerms from './migrations/2026-11-26T1200-document-terms.ts'
import * as expertSynonyms from './migrations/2026-11-26T1300-expert-synonyms.ts'
import * as passageEmbeddings from './migrations/2026-11-26T1400-passage-embeddings.ts'
import * as trainingAttempts from './migrations/2026-11-26T1500-training-attempts.ts'
import * as caseAttachments from './migrations/2026-11-26T1600-case-attachments.ts'
import * as instanceState from './migrations/2026-11-27T1200-instance-state.ts'
import * as listPaging from './migrations/2026-11-27T1300-list-paging.ts'
import * as caseEquipment from './migrations/2026-11-28T1200-case-equipment.ts'
import * as trainingVersions from './migrations/2026-11-28T1300-training-versions.ts'
import * as stagedUploads from './migrations/2026-11-28T1400-staged-uploads.ts'
import * as passageIndexes from './migrations/2026-11-29T1200-passage-indexes.ts'
import * as caseVessels from './migrations/2026-11-30T1200-case-vessels.ts'

/** Every migration, in order. Append new files here; never edit one that has been merged. */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-20T1200-initial': initial,
  '2026-11-22T1200-knowledge-base': knowledgeBase,
  '2026-11-23T1200-message-images': messageImages,
  '2026-11-25T1200-document-library': documentLibrary,
  '2026-11-25T1300-conversation-history': conversationHistory,
  '2026-11-25T1400-answer-origin': answerOrigin,
  '2026-11-25T1500-tenant-logo': tenantLogo,
  '2026-11-25T1600-member-deactivation': memberDeactivation,
  '2026-11-26T1200-document-terms': documentTerms,
  '2026-11-26T1300-expert-synonyms': expertSynonyms,
  '2026-11-26T1400-passage-embeddings': passageEmbeddings,
  '2026-11-26T1500-training-attempts': trainingAttempts,
  '2026-11-26T1600-case-attachments': caseAttachments,
  '2026-11-27T1200-instance-state': instanceState,
  '2026-11-27T1300-list-paging': listPaging,
  '2026-11-28T1200-case-equipment': caseEquipment,
  '2026-11-28T1300-training-versions': trainingVersions,
  '2026-11-28T1400-staged-uploads': stagedUploads,
  '2026-11-29T1200-passage-indexes': passageIndexes,
  '2026-11-30T1200-case-vessels': caseVessels,
}

/** The names of every migration this code knows, in order. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS)

/** How many known migrations the database has not applied yet (all of them when it has none). */
export async function pendingMigrations(db: Db): Promise<number> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).length
}

/** Migrations the database has applied that this code does not know: a newer version ran on it. */
async function unknownAppliedMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true })
  if (!tables.some((t) => t.name === 'kysely_migration')) return []
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)
  return rows.map((r) => r.name).filter((name) => !MIGRATION_NAMES.includes(name))
}

export async function migrateToLatest(db: Db): Promise<void> {
  const unknown = await unknownAppliedMigrations(db)
  if (unknown.length > 0) {
    throw new Error(
      `This database was migrated by a newer version of Marine Workbench (${unknown.join(', ')}). Run that version or a later one, or restore a backup taken with this version.`,
    )
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error })
  }
}
