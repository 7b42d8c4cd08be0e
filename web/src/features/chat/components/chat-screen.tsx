import { EXPERT_NAMES, type Expert } from '@mw/sync-protocol'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button } from '../../../components/ui/button.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { Tooltip } from '../../../components/ui/tooltip.tsx'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { useTenant } from '../../../lib/use-tenant.ts'
import { useConversation } from '../hooks/use-conversation.ts'
import { takePendingMessage } from '../hooks/use-pending-message.ts'
import { useSendMessage } from '../hooks/use-send-message.ts'
import { useChatStore } from '../store.ts'
import { Composer } from './composer.tsx'
import { MessageBubble } from './message-bubble.tsx'
import { StartView } from './start-view.tsx'

/** The expert chat: a start view, or one conversation (from ?conversation=id or the first send). */
export function ChatScreen({ expert }: { expert: Expert }) {
  const tenant = useTenant()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const urlConversation = params.get('conversation')
  const status = useChatStore((s) => s.status)
  const storeConversation = useChatStore((s) => s.conversationId)
  const live = useChatStore((s) => s.messages)
  const open = useChatStore((s) => s.open)
  const reset = useChatStore((s) => s.reset)
  const [draft, setDraft] = useState('')
  const sendMessage = useSendMessage(tenant, expert)
  const db = useLocalDb()
  const stored = useConversation(urlConversation)
  const pendingTaken = useRef(false)
  const failedLoad = useRef<string | null>(null)
  const endRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    open(expert, urlConversation)
  }, [expert, urlConversation, open])

  // The electronics landing's first message (?new=true): send it once.
  useEffect(() => {
    if (params.get('new') !== 'true' || pendingTaken.current) return
    pendingTaken.current = true
    const pending = takePendingMessage()
    setParams({}, { replace: true })
    if (pending?.content.trim()) void sendMessage(pending.content, pending.images)
  }, [params, setParams, sendMessage])

  useEffect(() => {
    // A live query keeps its previous answer while the next one runs: judge only the answer for this id.
    if (!urlConversation || stored?.id !== urlConversation || stored.conversation) return
    if (live.length > 0 || status === 'streaming') return
    if (failedLoad.current === urlConversation) return
    // The live query may still hold the answer from before the pull that just stored this
    // conversation (the chat drops its live copies right after that pull): ask the database itself.
    let stale = false
    void db.conversations.get(urlConversation).then((row) => {
      if (row || stale || failedLoad.current === urlConversation) return
      failedLoad.current = urlConversation
      errorToast('Failed to load conversation', 'Please try again')
    })
    return () => {
      stale = true
    }
  }, [db, urlConversation, stored, live.length, status])

  const messageCount = (stored?.messages.length ?? 0) + live.length
  const lastLiveLength = live.at(-1)?.content.length ?? 0
  useEffect(() => {
    if (messageCount > 0 || lastLiveLength > 0) endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [messageCount, lastLiveLength])

  const inConversation = urlConversation !== null || live.length > 0
  const title = stored?.conversation?.title?.trim() || (inConversation ? 'New Conversation' : '')
  const composer = (
    <Composer
      draft={draft}
      onDraftChange={setDraft}
      streaming={status === 'streaming'}
      onSend={(text, images) => void sendMessage(text, images)}
      placeholder={`Ask the ${EXPERT_NAMES[expert]} expert…`}
    />
  )

  if (!inConversation) {
    return (
      <div className="chat">
        <StartView expert={expert} onPick={setDraft} onOpen={(id) => setParams({ conversation: id })} />
        {composer}
      </div>
    )
  }

  const conversationId = storeConversation ?? urlConversation
  return (
    <div className="chat">
      <header className="chat-header">
        <Button
          variant="ghost"
          aria-label="Back"
          onClick={() => {
            reset()
            setParams({})
          }}
        >
          ← Back
        </Button>
        <h1 className="chat-title">{title}</h1>
        {conversationId && (
          <Tooltip label="Open a service case from this conversation">
            <Button
              variant="secondary"
              disabled={status === 'streaming'}
              onClick={() =>
                navigate(
                  `/t/${tenant}/cases?${new URLSearchParams({ new: '1', conversation: conversationId, expert, title })}`,
                )
              }
            >
              Create case
            </Button>
          </Tooltip>
        )}
      </header>
      <div className="message-list" aria-live="polite">
        {stored?.messages.map((m) => (
          <MessageBubble
            key={m.id}
            role={m.role}
            content={m.content}
            createdAt={m.createdAt}
            sources={m.metadata.sources}
            pending={stored.unsent.has(m.id)}
          />
        ))}
        {live.map((m) => (
          <MessageBubble
            key={m.key}
            role={m.role}
            content={m.content}
            createdAt={m.createdAt}
            sources={m.sources}
            images={m.images}
          />
        ))}
        {status === 'streaming' && live.at(-1)?.role === 'user' && (
          <p className="muted typing" role="status">
            The expert is looking through the manuals…
          </p>
        )}
        <div ref={endRef} />
      </div>
      {composer}
    </div>
  )
}
