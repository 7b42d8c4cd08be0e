import type { Db } from '../database.ts'

export const findStagedUpload = (db: Db, id: string) =>
  db.selectFrom('staged_uploads').selectAll().where('id', '=', id).executeTakeFirst()

export async function createStagedUpload(db: Db, row: { id: string; tenant: string; userId: string; at: string }) {
  await db
    .insertInto('staged_uploads')
    .values({ id: row.id, tenant_slug: row.tenant, user_id: row.userId, received: 0, updated_at: row.at })
    .execute()
}

export async function openStagedUploads(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('staged_uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Adds the next piece; the caller has checked it starts where the last one ended. */
export async function appendChunk(db: Db, id: string, start: number, bytes: Uint8Array, at: string) {
  await db.insertInto('staged_chunks').values({ upload_id: id, start_byte: start, bytes }).execute()
  await db
    .updateTable('staged_uploads')
    .set({ received: start + bytes.length, updated_at: at })
    .where('id', '=', id)
    .execute()
}

/** Every piece in order, as one file. */
export async function stagedBytes(db: Db, id: string): Promise<Uint8Array> {
  const chunks = await db
    .selectFrom('staged_chunks')
    .select('bytes')
    .where('upload_id', '=', id)
    .orderBy('start_byte')
    .execute()
  return new Uint8Array(Buffer.concat(chunks.map((c) => Buffer.from(c.bytes))))
}

export async function deleteStagedUpload(db: Db, id: string) {
  await db.deleteFrom('staged_uploads').where('id', '=', id).execute()
}

/** Uploads left unfinished since `before` (a device that never came back) go; their pieces follow. */
export async function pruneStagedUploads(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('staged_uploads').where('updated_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
