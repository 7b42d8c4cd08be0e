// @vitest-environment node
import type { TrainingSet } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { LocalDb } from '../db/local-db.ts'
import { keepTrainingImages } from './training-images.ts'

const uploaded = `/api/t/demo/training/images/${uuidv7()}`

/** A set as a device may hold it from before the server checked image addresses. */
const aSet = (imageUrls: string[]): TrainingSet => ({
  id: uuidv7(),
  title: 'Pumps',
  description: '',
  expert: 'seakeeper',
  questions: imageUrls.map((imageUrl) => ({
    type: 'image-label',
    question: 'Label it',
    imageUrl,
    labelPoints: [{ x: 1, y: 1, label: 'A' }],
  })),
  status: 'published',
  version: 1,
  createdBy: uuidv7(),
  createdAt: new Date().toISOString(),
})

describe('keeping training images on the device', () => {
  it('fetches only training images, never another call of the app such as /api/logout', async () => {
    const db = new LocalDb(uuidv7(), 'demo')
    await db.trainingSets.put(aSet(['/api/logout', '/api/t/demo/admin/export', '//evil.example/x.png', uploaded]))
    const asked: string[] = []
    const fetch = (async (input: RequestInfo | URL) => {
      asked.push(String(input))
      return new Response(new Blob([new Uint8Array([1])], { type: 'image/png' }))
    }) as typeof globalThis.fetch
    await keepTrainingImages(db, { fetch })
    expect(asked).toEqual([uploaded])
    expect(await db.trainingImages.count()).toBe(1)
  })
})
