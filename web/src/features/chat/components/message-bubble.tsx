import type { AnswerOrigin, ImageUpload, Source } from '@mw/sync-protocol'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { relativeTime } from '../../../lib/relative-time.ts'
import { sanitizeHtml } from '../../../lib/sanitize.ts'

interface MessageBubbleProps {
  author: 'user' | 'assistant'
  content: string
  createdAt: string
  sources: Source[]
  images?: ImageUpload[]
  pending?: boolean
  /** How the answer came about: a note says when it was stopped or did not come from the chosen model. */
  origin?: AnswerOrigin | undefined
  /** Said above the answer (an answer written on the device with no network). */
  label?: string
  /** The message's own controls (copy, rating, edit…). */
  actions?: ReactNode
}

/**
 * That an answer did not come from the expert's chosen model, in words a technician reads (null:
 * it did). The precise reason (a provider without a key) is for admins: Admin Settings → System.
 */
export function originNote(origin: AnswerOrigin | undefined): string | null {
  if (!origin || origin.by === 'primary') return null
  if (origin.by === 'fallback') return 'Answered by the backup AI model, because the main one is not available.'
  return origin.reason ? 'Answered from the manuals alone, because the AI model is not available.' : null
}

/** One message; its HTML is sanitised here again, whatever the server did before storing it. */
export function MessageBubble({
  author,
  content,
  createdAt,
  sources,
  images = [],
  pending,
  origin,
  label,
  actions,
}: MessageBubbleProps) {
  const note = originNote(origin)
  return (
    <article className={`message message-${author}`} aria-label={author === 'user' ? 'Your message' : 'Expert answer'}>
      {label && <p className="message-label">{label}</p>}
      {images.length > 0 && (
        <div className="message-images">
          {images.map((img) => (
            <img key={img.data} src={img.data} alt={img.name} />
          ))}
        </div>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above */}
      <div className="message-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(content) }} />
      {origin?.focus?.length ? (
        <p className="message-note">Searched the manuals for {origin.focus.join(', ')} first.</p>
      ) : null}
      {origin?.stopped && <p className="message-note">Stopped before the end of the answer.</p>}
      {note && <p className="message-note">{note}</p>}
      {sources.length > 0 && (
        <details className="message-sources">
          <summary>Sources ({sources.length})</summary>
          <ol>
            {sources.map((s) => (
              <li key={s.id}>
                {s.url?.startsWith('/t/') ? (
                  <Link to={s.url}>
                    <strong>{s.title}</strong>
                  </Link>
                ) : (
                  <strong>{s.title}</strong>
                )}
                {s.section && <span> · {s.section}</span>}
                {s.page !== null && <span> · p. {s.page}</span>}
                <p className="muted">{s.text}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
      <span className="message-time">{pending ? 'Waiting to send' : relativeTime(createdAt)}</span>
      {actions}
    </article>
  )
}
