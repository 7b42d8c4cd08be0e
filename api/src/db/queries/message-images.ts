import type { Db } from '../database.ts'

export interface StoredImage {
  bytes: Uint8Array
  mediaType: string
}

export async function insertMessageImages(db: Db, messageId: string, images: StoredImage[]) {
  if (images.length === 0) return
  await db
    .insertInto('message_images')
    .values(
      images.map((image, position) => ({
        message_id: messageId,
        position,
        media_type: image.mediaType,
        bytes: image.bytes,
      })),
    )
    .execute()
}

/** The images of a message, in the order they were attached. */
export async function findMessageImages(db: Db, messageId: string): Promise<StoredImage[]> {
  const rows = await db
    .selectFrom('message_images')
    .select(['bytes', 'media_type'])
    .where('message_id', '=', messageId)
    .orderBy('position')
    .execute()
  return rows.map((r) => ({ bytes: new Uint8Array(r.bytes), mediaType: r.media_type }))
}
