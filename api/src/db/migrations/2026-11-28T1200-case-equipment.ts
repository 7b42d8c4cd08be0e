import type { Kysely } from 'kysely'
import { runDdl } from '../ddl.ts'

/**
 * The vessel and the units worked on, kept on the case (replaced whole by case.setEquipment), what
 * kind of attachment a file is (the customer's signature is one), and the models a manual covers
 * (answers asked about a case search those manuals first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [
    `ALTER TABLE cases ADD COLUMN vessel TEXT NOT NULL DEFAULT ''`,
    `ALTER TABLE cases ADD COLUMN equipment_json TEXT NOT NULL DEFAULT '[]'`,
    `ALTER TABLE case_attachments ADD COLUMN kind TEXT NOT NULL DEFAULT 'file'`,
    `ALTER TABLE kb_documents ADD COLUMN models_json TEXT NOT NULL DEFAULT '[]'`,
  ])
}
