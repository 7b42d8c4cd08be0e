import type { Attachment } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useLocalDb } from '../../../db/local-db-context.tsx'

/** A photo or file of a case as the screen shows it: on the server, or still on this device only. */
export interface CaseFile extends Attachment {
  /** Added on this device and not uploaded yet. */
  waiting: boolean
  /** Why the server refused it (the file stays on the device until removed). */
  refused: string | null
  /** The bytes, when this device has them (added here): shown with no network. */
  blob: Blob | null
}

/** The case's files, oldest first: uploaded ones and those waiting on this device. */
export function useCaseFiles(caseId: string): CaseFile[] | undefined {
  const db = useLocalDb()
  return useLiveQuery(async () => {
    const [uploads, synced] = await Promise.all([
      db.uploads.where('caseId').equals(caseId).toArray(),
      db.attachments.where('caseId').equals(caseId).toArray(),
    ])
    const queued = new Set(uploads.map((u) => u.id))
    const ids = [...uploads.map((u) => u.id), ...synced.map((a) => a.id)]
    const blobs = new Map((await db.fileBlobs.bulkGet(ids)).flatMap((b) => (b ? [[b.id, b.blob] as const] : [])))
    const files: CaseFile[] = [
      ...synced
        .filter((a) => !queued.has(a.id))
        .map((a) => ({ ...a, waiting: false, refused: null, blob: blobs.get(a.id) ?? null })),
      ...uploads.map((u) => ({
        id: u.id,
        caseId: u.caseId,
        fileName: u.fileName,
        contentType: u.contentType,
        size: u.size,
        kind: u.kind,
        createdAt: u.createdAt,
        createdBy: db.userId,
        waiting: u.state === 'pending',
        refused: u.state === 'rejected' ? (u.reason ?? 'The server refused this file.') : null,
        blob: blobs.get(u.id) ?? null,
      })),
    ]
    return files.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  }, [db, caseId])
}
