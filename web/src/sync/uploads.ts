/**
 * Photos and files added to a case: kept on the device at once (bytes in `fileBlobs`, the upload
 * in `uploads`), sent by the drain after the outbox, so a case created offline exists on the
 * server before its photos arrive. Each upload carries the id the device gave it, so one repeated
 * after a lost answer is recognised by the server, never kept twice. A file larger than a piece
 * (LIMITS.uploadChunkBytes) goes in pieces first and resumes where the server's copy ends.
 */
import { type AttachmentKind, attachmentAnswerSchema, LIMITS, stagedUploadSchema } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import type { LocalDb } from '../db/local-db.ts'
import { ApiError, apiRequest } from '../lib/api-client.ts'
import { parseRowKey, touchedKeys } from './optimistic.ts'
import type { TransportOptions } from './push.ts'
import { notifyLocalWrite } from './write-signal.ts'

/** A slow satellite link still moves about 8 KB a second; an upload may take that long plus a margin. */
const uploadTimeoutMs = (size: number) => 30_000 + Math.ceil(size / 8)

export async function queueUpload(
  db: LocalDb,
  file: { caseId: string; blob: Blob; fileName: string; kind: AttachmentKind },
): Promise<string> {
  const id = uuidv7()
  await db.transaction('rw', db.uploads, db.fileBlobs, async () => {
    await db.fileBlobs.put({ id, blob: file.blob })
    await db.uploads.put({
      id,
      caseId: file.caseId,
      fileName: file.fileName,
      contentType: file.blob.type,
      size: file.blob.size,
      kind: file.kind,
      createdAt: new Date().toISOString(),
      state: 'pending',
    })
  })
  notifyLocalWrite(db)
  return id
}

/** Gives up on a refused upload: its bytes leave the device. */
export async function discardUpload(db: LocalDb, id: string) {
  await db.transaction('rw', db.uploads, db.fileBlobs, async () => {
    await db.uploads.delete(id)
    await db.fileBlobs.delete(id)
  })
}

/**
 * Sends every pending upload whose case has no change still queued. A refusal (bad file, case
 * gone, limit reached) marks the upload rejected with the server's reason; no answer at all
 * throws, and the drain tries again later.
 */
export async function sendUploads(db: LocalDb, options: TransportOptions = {}): Promise<void> {
  const pending = await db.uploads.where('state').equals('pending').sortBy('createdAt')
  if (pending.length === 0) return
  const held = new Set<string>()
  for (const entry of await db.outbox.where('state').equals('pending').toArray()) {
    for (const key of touchedKeys(entry)) held.add(parseRowKey(key).id)
  }
  for (const upload of pending) {
    if (held.has(upload.caseId)) continue
    const stored = await db.fileBlobs.get(upload.id)
    if (!stored) {
      await db.uploads.update(upload.id, { state: 'rejected', reason: 'The file is no longer on this device.' })
      continue
    }
    const form = new FormData()
    form.append('id', upload.id)
    form.append('kind', upload.kind)
    try {
      if (stored.blob.size > LIMITS.uploadChunkBytes) {
        await sendInPieces(db, upload.id, stored.blob, options)
        form.append('upload', upload.id)
        form.append('fileName', upload.fileName)
      } else form.append('file', stored.blob, upload.fileName)
      const answer = await apiRequest(
        'POST',
        `/api/t/${db.tenant}/cases/${upload.caseId}/attachments`,
        attachmentAnswerSchema,
        { body: form, timeoutMs: uploadTimeoutMs(upload.size), fetch: options.fetch },
      )
      await db.transaction('rw', db.uploads, db.attachments, async () => {
        await db.attachments.put(answer.attachment)
        await db.uploads.delete(upload.id)
      })
    } catch (error) {
      if (!refused(error)) throw error
      await db.uploads.update(upload.id, { state: 'rejected', reason: error.serverMessage })
    }
  }
}

/**
 * A large file in pieces, from where the server's copy ends: a link that drops mid-file costs one
 * piece, not the file. A 409 says the server has a different length (a piece arrived whose answer
 * was lost): ask again and go on from there.
 */
async function sendInPieces(db: LocalDb, id: string, blob: Blob, options: TransportOptions) {
  const base = `/api/t/${db.tenant}/uploads/${id}`
  let received = await apiRequest('GET', base, stagedUploadSchema, { timeoutMs: 15_000, fetch: options.fetch })
    .then((s) => s.received)
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return 0
      throw error
    })
  while (received < blob.size) {
    const piece = blob.slice(received, received + LIMITS.uploadChunkBytes, 'application/octet-stream')
    try {
      const answer = await apiRequest('PUT', `${base}/chunks/${received}`, stagedUploadSchema, {
        body: piece,
        timeoutMs: uploadTimeoutMs(piece.size),
        fetch: options.fetch,
      })
      received = answer.received
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error
      received = (await apiRequest('GET', base, stagedUploadSchema, { timeoutMs: 15_000, fetch: options.fetch }))
        .received
    }
  }
}

/** The server answered and will answer the same again: retrying cannot help. */
const refused = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code !== 'network' && error.status < 500 && ![401, 408, 429].includes(error.status)
