import {
  type DocumentPassage,
  documentAnswerSchema,
  documentFileUrl,
  documentPassagesSchema,
  type KbDocument,
} from '@mw/sync-protocol'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { readKeptDocument } from '../../../sync/kept-knowledge.ts'
import { PdfPage } from './pdf-page.tsx'

/** A blob: URL for a kept original while the viewer shows it. */
function useObjectUrl(bytes: ArrayBuffer | null, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!bytes) return setUrl(null)
    const made = URL.createObjectURL(new Blob([bytes], { type }))
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [bytes, type])
  return url
}

/** `original` is the PDF kept on the device, when the viewer opened it from there. */
type Loaded = { doc: KbDocument; passages: DocumentPassage[]; original?: ArrayBuffer | null }

/**
 * A cited document, opened where the answer cited it: a PDF at its page (with page navigation),
 * HTML and Markdown at their section, highlighted. It shows the document's text as the expert
 * read it (plain text, nothing of the file runs); the original opens beside it.
 */
export function DocumentViewer() {
  const tenant = useTenant()
  const db = useLocalDb()
  const navigate = useNavigate()
  const { id = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const page = Number(params.get('page')) || null
  const section = params.get('section')
  const passage = params.has('passage') ? Number(params.get('passage')) : null
  const [state, setState] = useState<Loaded | { error: string } | null>(null)
  const target = useRef<HTMLElement>(null)

  useEffect(() => {
    let stale = false
    const base = `/api/t/${tenant}/documents/${id}`
    Promise.all([
      apiRequest('GET', base, documentAnswerSchema, { timeoutMs: 15000 }),
      apiRequest('GET', `${base}/passages`, documentPassagesSchema, { timeoutMs: 30000 }),
    ])
      .then(([{ document }, { passages }]) => !stale && setState({ doc: document, passages }))
      .catch(async (error: unknown) => {
        if (stale) return
        const offline = error instanceof ApiError && error.code === 'network'
        // At sea, a manual kept for offline answers opens from the device.
        const kept = offline ? await readKeptDocument(db, id) : null
        if (stale) return
        if (kept) return setState(kept)
        setState({
          error: offline
            ? "This manual is not on this device. It opens online, or at sea once its expert's manuals are downloaded (Download for offline use on the expert's screen)."
            : error instanceof ApiError
              ? error.serverMessage
              : 'The document could not be opened.',
        })
      })
    return () => {
      stale = true
    }
  }, [tenant, id, db])

  const loaded = state && 'doc' in state ? state : null
  const keptOriginal = useObjectUrl(loaded?.original ?? null, loaded?.doc.contentType ?? '')
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again when the place changes
  useEffect(() => {
    target.current?.scrollIntoView?.({ block: 'start' })
  }, [loaded, page, section])

  if (state === null) return <Skeleton />
  if ('error' in state)
    return (
      <EmptyState title="Document unavailable" text={state.error}>
        {/* An installed app has no browser Back button. */}
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Back
        </Button>
      </EmptyState>
    )
  const { doc, passages } = state
  const paged = doc.pages !== null && doc.pages > 0
  const shown = paged && page ? passages.filter((p) => p.page === page) : passages
  const goTo = (n: number) => setParams({ page: String(n) })
  const isCited = (p: DocumentPassage) =>
    passage !== null ? p.ordinal === passage : page ? p.page === page : section !== null && p.section === section
  const citedText = shown.find(isCited)?.text ?? null
  let marked = false

  return (
    <div className="page document-viewer">
      <header className="page-header">
        <h1>{doc.title}</h1>
        <p className="muted">
          {doc.fileName}
          {paged && ` · ${doc.pages} pages`}
        </p>
        <div className="toolbar">
          <a
            className="btn btn-secondary"
            href={`${keptOriginal ?? documentFileUrl(tenant, doc.id)}${page ? `#page=${page}` : ''}`}
          >
            Open original
          </a>
          <Button variant="ghost" onClick={() => navigate(-1)}>
            Back
          </Button>
        </div>
      </header>
      {paged && page && (
        <nav className="toolbar" aria-label="Pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            ← Previous page
          </Button>
          <span>
            Page {page} of {doc.pages}
          </span>
          <Button variant="secondary" disabled={page >= (doc.pages ?? 1)} onClick={() => goTo(page + 1)}>
            Next page →
          </Button>
        </nav>
      )}
      {paged && page && doc.contentType === 'application/pdf' && (
        <PdfPage source={state.original ?? documentFileUrl(tenant, doc.id)} page={page} cited={citedText} />
      )}
      <article className="card document-text">
        {shown.length === 0 && <p className="muted">{doc.warning ?? 'No text on this page.'}</p>}
        {shown.map((p, i) => {
          const heading = p.section && p.section !== shown[i - 1]?.section ? p.section : null
          const cited = !marked && isCited(p)
          if (cited) marked = true
          return (
            <section key={p.ordinal} ref={cited ? target : undefined} className={cited ? 'cited' : undefined}>
              {heading && <h2>{heading}</h2>}
              {!page && paged && p.page !== shown[i - 1]?.page && <p className="muted">Page {p.page}</p>}
              <p>{p.text}</p>
            </section>
          )
        })}
      </article>
    </div>
  )
}
