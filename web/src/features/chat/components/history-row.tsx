import { type Conversation, LIMITS } from '@mw/sync-protocol'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { relativeTime } from '../../../lib/relative-time.ts'

/** One conversation in the history: open it, rename it in place, or delete it. */
export function HistoryRow({
  conversation,
  onOpen,
  onRename,
  onDelete,
}: {
  conversation: Conversation
  onOpen: () => void
  onRename: (title: string) => Promise<void>
  onDelete: () => void
}) {
  const title = conversation.title?.trim() || 'Untitled Conversation'
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(title)

  const save = async (e: FormEvent) => {
    e.preventDefault()
    if (!draft.trim()) return
    await onRename(draft.trim())
    setEditing(false)
  }

  if (editing) {
    return (
      <li className="history-row">
        <form className="history-rename" onSubmit={save}>
          <input
            className="input"
            aria-label="Conversation title"
            value={draft}
            maxLength={LIMITS.titleMaxChars}
            // biome-ignore lint/a11y/noAutofocus: the field the user just asked for
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditing(false)
            }}
          />
          <Button type="submit" disabled={!draft.trim()}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      </li>
    )
  }

  return (
    <li className="history-row">
      <button type="button" className="conversation-row" onClick={onOpen}>
        <span className="conversation-title">{title}</span>
        <span className="conversation-meta">{relativeTime(conversation.updatedAt)}</span>
      </button>
      <div className="history-actions">
        <Button
          variant="ghost"
          aria-label={`Rename ${title}`}
          onClick={() => {
            setDraft(title)
            setEditing(true)
          }}
        >
          Rename
        </Button>
        <Button variant="ghost" aria-label={`Delete ${title}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  )
}
