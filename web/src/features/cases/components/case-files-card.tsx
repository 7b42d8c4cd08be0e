import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { WaitingMark } from '../../../components/ui/waiting-mark.tsx'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { formatDateTime } from '../../../lib/relative-time.ts'
import { savedToast } from '../../../lib/saved-toast.ts'
import { useCurrentUser, useRole } from '../../../lib/session-store.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { addCaseFile, FILE_TYPES_TEXT, filesLeft, removeCaseFile } from '../case-files.ts'
import type { CaseFile } from '../hooks/use-case-files.ts'

/** A file's address for <img> and links: its bytes on this device, else the server's copy. */
export function useFileUrl(tenant: string, file: CaseFile): string {
  const [local, setLocal] = useState<string | null>(null)
  useEffect(() => {
    if (!file.blob) return setLocal(null)
    const url = URL.createObjectURL(file.blob)
    setLocal(url)
    return () => URL.revokeObjectURL(url)
  }, [file.blob])
  return local ?? `/api/t/${tenant}/attachments/${file.id}/file`
}

/** Photos and files: take a photo or attach a file, offline too; thumbnails, full view on tap. */
export function CaseFilesCard({ caseId, files }: { caseId: string; files: CaseFile[] }) {
  const db = useLocalDb()
  const [adding, setAdding] = useState(0)
  const [open, setOpen] = useState<CaseFile | null>(null)
  const camera = useRef<HTMLInputElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const shown = files.filter((f) => f.kind === 'file')

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])].slice(0, Math.max(0, filesLeft(files)))
    event.target.value = ''
    setAdding((n) => n + chosen.length)
    for (const file of chosen) {
      try {
        await addCaseFile(db, caseId, file)
      } catch (error) {
        errorToast(`Could not add ${file.name}`, error instanceof Error ? error.message : FILE_TYPES_TEXT)
      } finally {
        setAdding((n) => n - 1)
      }
    }
  }

  return (
    <section className="card" aria-labelledby="case-files">
      <div className="card-title-row">
        <h2 id="case-files">Photos and Files</h2>
        <div className="toolbar no-print">
          <Button variant="secondary" disabled={filesLeft(files) <= 0} onClick={() => camera.current?.click()}>
            Take Photo
          </Button>
          <Button variant="secondary" disabled={filesLeft(files) <= 0} onClick={() => picker.current?.click()}>
            Attach File
          </Button>
        </div>
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label="Take a photo"
        onChange={(e) => void add(e)}
      />
      <input
        ref={picker}
        type="file"
        accept="image/jpeg,image/png,image/webp,application/pdf"
        multiple
        hidden
        aria-label="Attach photos or PDF files"
        onChange={(e) => void add(e)}
      />
      {adding > 0 && <p className="muted">Preparing {adding === 1 ? 'a file' : `${adding} files`}…</p>}
      {shown.length === 0 && adding === 0 ? (
        <p className="muted">No photos or files yet.</p>
      ) : (
        <ul className="file-grid">
          {shown.map((f) => (
            <li key={f.id}>
              <FileThumb file={f} onOpen={() => setOpen(f)} />
            </li>
          ))}
        </ul>
      )}
      {open && <FileView file={open} onClose={() => setOpen(null)} />}
    </section>
  )
}

function FileThumb({ file, onOpen }: { file: CaseFile; onOpen: () => void }) {
  const tenant = useTenant()
  const url = useFileUrl(tenant, file)
  const [broken, setBroken] = useState(false)
  const image = file.contentType.startsWith('image/') && !broken
  return (
    <button type="button" className="file-thumb" onClick={onOpen} aria-label={`Open ${file.fileName}`}>
      {image ? (
        <img src={url} alt="" loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <span className="file-thumb-name" aria-hidden="true">
          {file.contentType === 'application/pdf' ? 'PDF' : 'File'}
        </span>
      )}
      <span className="file-thumb-caption">
        {file.fileName}
        {file.waiting && <WaitingMark />}
        {file.refused && <span className="status-warn"> Not uploaded</span>}
      </span>
    </button>
  )
}

function FileView({ file, onClose }: { file: CaseFile; onClose: () => void }) {
  const db = useLocalDb()
  const tenant = useTenant()
  const user = useCurrentUser()
  const role = useRole(tenant)
  const url = useFileUrl(tenant, file)
  const mayRemove = file.createdBy === user?.id || role === 'Manager' || role === 'Admin'
  const local = file.waiting || file.refused !== null

  const remove = async () => {
    try {
      await removeCaseFile(db, file)
      if (!local) savedToast('File removed')
      onClose()
    } catch (error) {
      errorToast('Could not remove the file', errorText(error))
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={file.fileName}>
      {file.contentType.startsWith('image/') ? (
        <img className="file-full" src={url} alt={file.fileName} />
      ) : (
        <p>
          <a href={url} target="_blank" rel="noopener">
            Open {file.fileName}
          </a>
        </p>
      )}
      <p className="muted">
        {file.waiting ? 'Saved on this device; it uploads when the network returns.' : formatDateTime(file.createdAt)}
      </p>
      {file.refused && <p className="status-warn">{file.refused}</p>}
      {mayRemove && (
        <div className="form-actions">
          <Button variant="destructive" onClick={() => void remove()}>
            Remove
          </Button>
        </div>
      )}
    </Dialog>
  )
}
