import { EXPERTS, type Expert, type KbDocument } from '@mw/sync-protocol'
import { type DragEvent, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { ExpertField } from '../../../components/ui/expert-field.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { useExpertDocuments } from '../../../lib/use-expert-documents.ts'
import { useMediaQuery } from '../../../lib/use-media-query.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { uploadDocuments } from '../document-actions.ts'
import { DocumentRow } from './document-row.tsx'
import { SynonymsEditor } from './synonyms-editor.tsx'

const ACCEPT = '.pdf,.html,.htm,.md,.markdown,.txt,application/pdf,text/html,text/markdown,text/plain'

const reason = (error: unknown, fallback: string) => (error instanceof ApiError ? error.serverMessage : fallback)

/** Admin Settings → Knowledge: what each expert knows. Admins manage it; Managers read it. */
export function KnowledgeTab({ isAdmin }: { isAdmin: boolean }) {
  const tenant = useTenant()
  const [expert, setExpert] = useState<Expert>(EXPERTS[0])
  const { state, reload } = useExpertDocuments(tenant, expert)
  const [busy, setBusy] = useState(false)
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  // A tablet's finger cannot drag a file onto the page: there, only the button is offered.
  const canDragFiles = useMediaQuery('(hover: hover) and (pointer: fine)')

  const upload = async (files: File[]) => {
    if (files.length === 0) return
    setBusy(true)
    try {
      const { documents } = await uploadDocuments(tenant, expert, files)
      toast({
        title: documents.length === 1 ? 'Document added' : `${documents.length} documents added`,
        description: 'Processing has started.',
      })
    } catch (error) {
      errorToast('Upload failed', reason(error, 'The files could not be uploaded.'))
    } finally {
      setBusy(false)
      await reload()
    }
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (isAdmin) void upload([...event.dataTransfer.files])
  }

  return (
    <section className="card" aria-labelledby="knowledge-title">
      <h2 id="knowledge-title">Knowledge</h2>
      <p className="muted">The manuals each expert answers from. Answers cite them by page or section.</p>
      <ExpertField label="Expert" value={expert} onChange={setExpert} />
      {isAdmin && (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an extra; the button beside it uploads by keyboard
        <div
          className={`drop-zone${dragging ? ' drop-zone-active' : ''}`}
          onDragOver={(e) => {
            e.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>
            {canDragFiles ? 'Drop PDF, HTML, Markdown or text files here, or' : 'PDF, HTML, Markdown or text files'}
          </p>
          <Button disabled={busy} onClick={() => input.current?.click()}>
            {busy ? 'Uploading…' : 'Upload documents'}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            aria-label="Documents to upload"
            onChange={(e) => {
              void upload([...(e.target.files ?? [])])
              e.target.value = ''
            }}
          />
        </div>
      )}
      {state.status === 'loading' && <Skeleton />}
      {state.status === 'error' && <EmptyState title="Documents unavailable" text={state.message} />}
      {state.status === 'ready' && state.documents.length === 0 && (
        <EmptyState title="No documents yet" text="Upload the manuals this expert should answer from." />
      )}
      {state.status === 'ready' && state.documents.length > 0 && (
        <DocumentTable documents={state.documents} isAdmin={isAdmin} onChanged={reload} />
      )}
      <SynonymsEditor tenant={tenant} expert={expert} isAdmin={isAdmin} />
    </section>
  )
}

function DocumentTable({
  documents,
  isAdmin,
  onChanged,
}: {
  documents: KbDocument[]
  isAdmin: boolean
  onChanged: () => Promise<void>
}) {
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">Pages</th>
            <th scope="col">Passages</th>
            <th scope="col">Added</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} isAdmin={isAdmin} onChanged={onChanged} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
