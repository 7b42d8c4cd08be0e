import type { Kysely } from 'kysely'
import { runDdl } from '../ddl.ts'

/** How an answer came about: which model wrote it (or why the manuals alone did), and whether its author stopped it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, [`ALTER TABLE messages ADD COLUMN answer_json TEXT`])
}
