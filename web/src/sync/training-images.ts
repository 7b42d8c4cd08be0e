/**
 * The images of image-label questions, fetched into the device database after each pull, so a
 * technician can take such a question at sea. An image that cannot be fetched now is tried again
 * at the next drain; it never fails the drain.
 */
import { isTrainingImageUrl } from '@mw/sync-protocol'
import type { LocalDb } from '../db/local-db.ts'
import { apiFetch } from '../lib/api-client.ts'
import type { TransportOptions } from './push.ts'

export async function keepTrainingImages(db: LocalDb, options: TransportOptions = {}): Promise<void> {
  const wanted = new Set<string>()
  for (const set of await db.trainingSets.toArray()) {
    for (const q of set.questions) {
      // A set stored before the server checked image addresses may name any call of the app.
      if (q.type === 'image-label' && q.imageUrl && isTrainingImageUrl(q.imageUrl, db.tenant)) wanted.add(q.imageUrl)
    }
  }
  const kept = new Set(await db.trainingImages.toCollection().primaryKeys())
  for (const url of wanted) {
    if (kept.has(url)) continue
    try {
      const res = await apiFetch('GET', url, { timeoutMs: 30_000, fetch: options.fetch })
      const blob = await res.blob()
      if (blob.type.startsWith('image/')) await db.trainingImages.put({ url, blob })
    } catch {
      return
    }
  }
}
