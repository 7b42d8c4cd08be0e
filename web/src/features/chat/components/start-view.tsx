import { EXPERT_NAMES, type Expert, RECENT_CONVERSATIONS } from '@mw/sync-protocol'
import { useState } from 'react'
import { ConversationList } from '../../../lib/conversation-list.tsx'
import { useIsMobile } from '../../../lib/use-media-query.ts'
import { useRecentConversations } from '../../../lib/use-recent-conversations.ts'
import { ExpertKnowledge } from './expert-knowledge.tsx'
import { OfflineKnowledge } from './offline-knowledge.tsx'
import { EXPERT_TAGLINES, SUGGESTIONS } from './suggestions.ts'

export function StartView({
  expert,
  onPick,
  onOpen,
  onHistory,
}: {
  expert: Expert
  onPick: (suggestion: string) => void
  onOpen: (conversationId: string) => void
  onHistory: () => void
}) {
  const isMobile = useIsMobile()
  const [showSuggestions, setShowSuggestions] = useState(true)
  const recent = useRecentConversations(isMobile ? RECENT_CONVERSATIONS.mobile : RECENT_CONVERSATIONS.desktop, expert)
  const suggestions = isMobile ? SUGGESTIONS[expert].short : SUGGESTIONS[expert].long

  return (
    <div className="start-view">
      <header className="page-header">
        <h1>{EXPERT_NAMES[expert]} Expert</h1>
        <p className="muted">{EXPERT_TAGLINES[expert]}</p>
        <ExpertKnowledge expert={expert} />
        <OfflineKnowledge expert={expert} />
      </header>
      <section aria-labelledby="suggestions-title">
        <div className="section-head">
          <h2 id="suggestions-title" className="section-title">
            Query Suggestions
          </h2>
          <button
            type="button"
            className="btn btn-ghost"
            aria-pressed={showSuggestions}
            aria-controls="suggestion-list"
            onClick={() => setShowSuggestions((v) => !v)}
          >
            {showSuggestions ? 'Hide' : 'Show'}
          </button>
        </div>
        {showSuggestions && (
          <ul id="suggestion-list" className="suggestion-list" aria-labelledby="suggestions-title">
            {suggestions.map((s) => (
              <li key={s}>
                <button type="button" className="suggestion" onClick={() => onPick(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {recent && recent.length > 0 && (
        <section aria-labelledby="recent-chats-title">
          <div className="section-head">
            <h2 id="recent-chats-title" className="section-title">
              Recent conversations
            </h2>
            <button type="button" className="btn btn-ghost" onClick={onHistory}>
              All conversations
            </button>
          </div>
          <ConversationList conversations={recent} fallbackTitle="Untitled" onOpen={(c) => onOpen(c.id)} />
        </section>
      )}
    </div>
  )
}
