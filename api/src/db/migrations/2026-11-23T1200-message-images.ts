import { type Kysely, sql } from 'kysely'
import { runDdl } from '../ddl.ts'

/**
 * The images a user attached to a chat message written offline, kept so the expert that answers
 * the message after the push sees them. Bytes are stored as checked (type proven by magic bytes).
 */
const statements = [
  `CREATE TABLE message_images (
    message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    media_type TEXT NOT NULL CHECK (media_type IN ('image/jpeg','image/png','image/webp')),
    bytes BLOB NOT NULL,
    PRIMARY KEY (message_id, position)
  )`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS message_images').execute(db)
}
