import { documentFileUrl, type KbDocument } from '@mw/sync-protocol'
import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { formatSize } from '../../../lib/format-size.ts'
import { relativeTime } from '../../../lib/relative-time.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { deleteDocument, renameDocument, replaceDocumentFile, setDocumentModels } from '../document-actions.ts'
import { DocumentStatus } from './document-status.tsx'

const reason = (error: unknown, fallback: string) => (error instanceof ApiError ? error.serverMessage : fallback)

/** One document: its facts, and for an Admin rename, replace (a new edition), download and delete. */
export function DocumentRow({
  doc,
  isAdmin,
  onChanged,
}: {
  doc: KbDocument
  isAdmin: boolean
  onChanged: () => Promise<void>
}) {
  const tenant = useTenant()
  const [renaming, setRenaming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [title, setTitle] = useState(doc.title)
  const [tagging, setTagging] = useState(false)
  const [models, setModels] = useState(doc.models.join(', '))
  const replaceInput = useRef<HTMLInputElement>(null)

  const act = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work()
      toast({ title: done })
    } catch (error) {
      errorToast(failed, reason(error, 'Try again in a moment.'))
    } finally {
      await onChanged()
    }
  }

  return (
    <tr>
      <td>
        <Link to={`/t/${tenant}/documents/${doc.id}`}>{doc.title}</Link>
        <br />
        <span className="muted doc-file">
          {doc.fileName} · {formatSize(doc.size)}
        </span>
        {doc.models.length > 0 && <span className="muted doc-file doc-models">Covers {doc.models.join(', ')}</span>}
      </td>
      <td>{doc.pages ?? '–'}</td>
      <td>{doc.passages}</td>
      <td>
        {doc.createdByName ?? 'Starter pack'}
        <br />
        <span className="muted">{relativeTime(doc.createdAt)}</span>
      </td>
      <td>
        <DocumentStatus doc={doc} />
      </td>
      <td>
        <div className="doc-actions">
          <a className="btn btn-ghost" href={documentFileUrl(tenant, doc.id)} download={doc.fileName}>
            Download
          </a>
          {isAdmin && (
            <>
              <Button variant="ghost" onClick={() => setRenaming(true)}>
                Rename
              </Button>
              <Button variant="ghost" onClick={() => setTagging(true)}>
                Models
              </Button>
              <Button variant="ghost" onClick={() => replaceInput.current?.click()}>
                Replace
              </Button>
              <input
                ref={replaceInput}
                type="file"
                hidden
                aria-label={`New edition of ${doc.title}`}
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  e.target.value = ''
                  if (file)
                    void act(() => replaceDocumentFile(tenant, doc.id, file), 'New edition uploaded', 'Replace failed')
                }}
              />
              <Button variant="ghost" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </>
          )}
        </div>
        <Dialog open={renaming} onOpenChange={setRenaming} title="Rename document">
          <form
            onSubmit={(e) => {
              e.preventDefault()
              setRenaming(false)
              void act(() => renameDocument(tenant, doc.id, title), 'Document renamed', 'Rename failed')
            }}
          >
            <TextField label="Title" value={title} maxLength={200} onChange={setTitle} />
            <div className="form-actions">
              <Button type="submit" disabled={!title.trim()}>
                Save
              </Button>
            </div>
          </form>
        </Dialog>
        <Dialog
          open={tagging}
          onOpenChange={setTagging}
          title="Models this manual covers"
          description="A question asked about a case with one of these units searches this manual first."
        >
          <form
            onSubmit={(e) => {
              e.preventDefault()
              setTagging(false)
              const list = models
                .split(',')
                .map((m) => m.trim())
                .filter(Boolean)
              void act(() => setDocumentModels(tenant, doc.id, list), 'Models saved', 'Saving the models failed')
            }}
          >
            <TextField
              label="Models"
              value={models}
              maxLength={2000}
              onChange={setModels}
              hint="Separated by commas, as on the unit's plate: DRS4D-NXT, TZT16F"
            />
            <div className="form-actions">
              <Button type="submit">Save</Button>
            </div>
          </form>
        </Dialog>
        <Dialog
          open={deleting}
          onOpenChange={setDeleting}
          title="Delete document?"
          description={`"${doc.title}" and everything the expert learned from it will be removed. Answers given earlier keep their sources.`}
        >
          <div className="form-actions">
            <Button variant="secondary" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setDeleting(false)
                void act(() => deleteDocument(tenant, doc.id), 'Document deleted', 'Delete failed')
              }}
            >
              Delete
            </Button>
          </div>
        </Dialog>
      </td>
    </tr>
  )
}
