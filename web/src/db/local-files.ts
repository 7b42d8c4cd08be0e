import type { AttachmentKind } from '@mw/sync-protocol'

/** A photo or file added on this device, waiting to be uploaded (its bytes are in `fileBlobs`). */
export interface QueuedUpload {
  id: string
  caseId: string
  fileName: string
  contentType: string
  size: number
  kind: AttachmentKind
  createdAt: string
  state: 'pending' | 'rejected'
  reason?: string
}

/** The bytes of a file added on this device, kept so it shows with no network (by attachment id). */
export interface FileBlob {
  id: string
  blob: Blob
}

/** An image-label question's image, kept so the question can be taken with no network. */
export interface TrainingImage {
  url: string
  blob: Blob
}
