import { IMAGE_TYPES, LIMITS } from '@mw/sync-protocol'
import type { LocalDb } from '../../db/local-db.ts'
import { checkImage, ImageError, resizeIfWide } from '../../lib/images.ts'
import { enqueueMutation } from '../../sync/outbox.ts'
import { discardUpload, queueUpload } from '../../sync/uploads.ts'
import type { CaseFile } from './hooks/use-case-files.ts'

export const FILE_TYPES_TEXT = 'Attach a photo (JPEG, PNG or WebP) or a PDF.'

/**
 * Keeps a photo (scaled to 1600 px wide off the main thread) or a PDF on the device and queues its
 * upload; works with no network. Throws ImageError with a sentence for the user when it cannot.
 */
export async function addCaseFile(db: LocalDb, caseId: string, file: File): Promise<string> {
  if ((IMAGE_TYPES as readonly string[]).includes(file.type)) {
    const problem = checkImage(file)
    if (problem) throw new ImageError(problem)
    const started = performance.now()
    const blob = await resizeIfWide(file)
    // Read by the case-work benchmark: how long a camera photo takes to be ready.
    performance.measure('mw:photo-resize', { start: started })
    return queueUpload(db, { caseId, blob, fileName: file.name, kind: 'file' })
  }
  if (file.type !== 'application/pdf') throw new ImageError(FILE_TYPES_TEXT)
  if (file.size > LIMITS.attachmentPdfMaxBytes) throw new ImageError('A PDF attachment can be at most 25 MB.')
  return queueUpload(db, { caseId, blob: file, fileName: file.name, kind: 'file' })
}

/** The customer's signature, drawn on the tablet, as a PNG for the service report. */
export function addSignature(db: LocalDb, caseId: string, png: Blob): Promise<string> {
  return queueUpload(db, { caseId, blob: png, fileName: 'customer-signature.png', kind: 'signature' })
}

/** Removes a file, offline too: one still on this device only goes at once; an uploaded one through the outbox. */
export async function removeCaseFile(db: LocalDb, file: CaseFile): Promise<void> {
  if (file.waiting || file.refused) return discardUpload(db, file.id)
  await enqueueMutation(db, { type: 'attachment.delete', args: { id: file.id } })
}

export const filesLeft = (files: CaseFile[]) => LIMITS.attachmentsPerCase - files.length
