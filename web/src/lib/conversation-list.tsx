import { type Conversation, EXPERT_NAMES } from '@mw/sync-protocol'
import { relativeTime } from './relative-time.ts'

/** A list of conversations (dashboard, chat start view, electronics landing); rows are buttons. */
export function ConversationList({
  conversations,
  onOpen,
  fallbackTitle = 'Untitled Conversation',
  label = 'Recent conversations',
}: {
  conversations: Conversation[]
  onOpen: (conversation: Conversation) => void
  fallbackTitle?: string
  label?: string
}) {
  return (
    <ul className="conversation-list" aria-label={label}>
      {conversations.map((c) => (
        <li key={c.id}>
          <button type="button" className="conversation-row" onClick={() => onOpen(c)}>
            <span className="conversation-title">{c.title?.trim() || fallbackTitle}</span>
            <span className="conversation-meta">
              {EXPERT_NAMES[c.agentId]} · {relativeTime(c.updatedAt)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
