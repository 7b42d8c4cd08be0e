import { useNavigate } from 'react-router-dom'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ConversationList } from '../../../lib/conversation-list.tsx'
import { useKeptDraft } from '../../../lib/kept-draft.ts'
import { useRecentConversations } from '../../../lib/use-recent-conversations.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { storePendingMessage } from '../hooks/use-pending-message.ts'
import { Composer } from './composer.tsx'
import { EXPERT_TAGLINES } from './suggestions.ts'

/** The electronics expert's landing: its conversations and a first-message composer. */
export function FurunoLanding() {
  const tenant = useTenant()
  const navigate = useNavigate()
  const [draft, setDraft] = useKeptDraft('furuno-landing')
  const conversations = useRecentConversations(50, 'furuno')
  return (
    <div className="page chat">
      <header className="page-header">
        <h1>Furuno Electronics Expert</h1>
        <p className="muted">{EXPERT_TAGLINES.furuno}</p>
      </header>
      <section aria-labelledby="furuno-conversations">
        <h2 id="furuno-conversations" className="section-title">
          Conversations
        </h2>
        {conversations === undefined ? (
          <Skeleton />
        ) : conversations.length === 0 ? (
          <EmptyState title="No conversations yet" text="Ask your first question below." />
        ) : (
          <ConversationList
            conversations={conversations}
            fallbackTitle="Untitled"
            label="Furuno conversations"
            onOpen={(c) => navigate(`/t/${tenant}/ask/furuno?conversation=${c.id}`)}
          />
        )}
      </section>
      <Composer
        draft={draft}
        onDraftChange={setDraft}
        placeholder="Ask the Furuno expert…"
        onSend={async (content, images) => {
          if (!storePendingMessage({ content, images })) return false
          navigate(`/t/${tenant}/ask/furuno?new=true`)
          return true
        }}
      />
    </div>
  )
}
