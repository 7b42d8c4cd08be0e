import { EXPERT_NAMES, type Expert } from '@mw/sync-protocol'
import { useDeferredValue, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { deleteConversation, renameConversation, restoreConversation } from '../actions.ts'
import { useConversationHistory } from '../hooks/use-conversation-history.ts'
import { HistoryRow } from './history-row.tsx'

const PAGE = 20

/** Every conversation with one expert on this device: search, rename, delete with undo, paged. */
export function HistoryView({
  expert,
  onOpen,
  onBack,
  onNew,
}: {
  expert: Expert
  onOpen: (conversationId: string) => void
  onBack: () => void
  onNew: () => void
}) {
  const db = useLocalDb()
  const [search, setSearch] = useState('')
  const [limit, setLimit] = useState(PAGE)
  const history = useConversationHistory(expert, useDeferredValue(search), limit)

  const remove = async (id: string, title: string) => {
    try {
      await deleteConversation(db, id)
    } catch {
      errorToast('Delete failed', 'Please try again')
      return
    }
    toast({
      title: 'Conversation deleted',
      description: title,
      action: {
        label: 'Undo',
        altText: 'Undo the delete from the conversation history',
        run: () => void restoreConversation(db, id).catch(() => errorToast('Undo failed', 'Please try again')),
      },
    })
  }

  return (
    <div className="history-view">
      <header className="chat-header">
        <Button variant="ghost" aria-label="Back" onClick={onBack}>
          ← Back
        </Button>
        <h1 className="chat-title">{EXPERT_NAMES[expert]} conversations</h1>
        <Button onClick={onNew}>New conversation</Button>
      </header>
      <input
        type="search"
        className="input history-search"
        aria-label="Search conversations"
        placeholder="Search titles and messages"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value)
          setLimit(PAGE)
        }}
      />
      {history && history.total === 0 && (
        <EmptyState
          title={search.trim() ? 'No matching conversations' : 'No conversations yet'}
          text={search.trim() ? 'Try other words.' : 'Ask a question to start one.'}
        />
      )}
      {history && history.total > 0 && (
        <>
          <p className="muted" role="status">
            {history.total} conversation{history.total === 1 ? '' : 's'}
          </p>
          <ul className="conversation-list history-list" aria-label="Conversation history">
            {history.rows.map((c) => (
              <HistoryRow
                key={c.id}
                conversation={c}
                onOpen={() => onOpen(c.id)}
                onRename={async (title) => {
                  await renameConversation(db, c.id, title).catch(() =>
                    errorToast('Update failed', 'The conversation could not be renamed.'),
                  )
                }}
                onDelete={() => void remove(c.id, c.title?.trim() || 'Untitled Conversation')}
              />
            ))}
          </ul>
          {history.rows.length < history.total && (
            <Button variant="secondary" onClick={() => setLimit((n) => n + PAGE)}>
              Show more
            </Button>
          )}
        </>
      )}
    </div>
  )
}
