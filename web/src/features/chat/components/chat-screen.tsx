import { EXPERT_NAMES, type Expert, type Message } from '@mw/sync-protocol'
import { Fragment, useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { htmlToText } from '../../../lib/html-to-text.ts'
import { useKeptDraft } from '../../../lib/kept-draft.ts'
import { useRowsVisibleMark } from '../../../lib/rows-visible-mark.ts'
import { useFirstSyncDone } from '../../../lib/use-first-sync.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { useAnswerFollower } from '../hooks/use-answer-follower.ts'
import { useConversation } from '../hooks/use-conversation.ts'
import { takePendingMessage } from '../hooks/use-pending-message.ts'
import { useSendMessage } from '../hooks/use-send-message.ts'
import { useOfflineAnswers } from '../offline/use-offline-answers.ts'
import { useChatStore } from '../store.ts'
import { AnswerActions } from './answer-actions.tsx'
import { Composer } from './composer.tsx'
import { ConversationHeader } from './conversation-header.tsx'
import { HistoryView } from './history-view.tsx'
import { MessageBubble } from './message-bubble.tsx'
import { QuestionStatus } from './question-status.tsx'
import { StartView } from './start-view.tsx'

/** The expert chat: a start view, or one conversation (from ?conversation=id or the first send). */
export function ChatScreen({ expert }: { expert: Expert }) {
  const tenant = useTenant()
  const [params, setParams] = useSearchParams()
  const urlConversation = params.get('conversation')
  const status = useChatStore((s) => s.status)
  const storeConversation = useChatStore((s) => s.conversationId)
  const liveAnswer = useChatStore((s) => s.answer)
  const open = useChatStore((s) => s.open)
  const reset = useChatStore((s) => s.reset)
  const stop = useChatStore((s) => s.stop)
  const [draft, setDraft] = useKeptDraft(`chat:${expert}`)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const sendMessage = useSendMessage(expert)
  const db = useLocalDb()
  const stored = useConversation(urlConversation)
  const synced = useFirstSyncDone()
  useRowsVisibleMark('messages', (stored?.messages.length ?? 0) > 0)
  const { question, outcome, askAgain } = useAnswerFollower(tenant, expert, stored)
  // The live answer shows until the pull brings the stored one.
  const live =
    liveAnswer && !stored?.messages.some((m) => m.replyTo === liveAnswer.questionId) && liveAnswer.content
      ? liveAnswer
      : null
  const lastMessage = stored?.messages.at(-1)
  const offlineAnswers = useOfflineAnswers(
    expert,
    urlConversation,
    stored?.messages ?? [],
    lastMessage?.role === 'user' && !live,
  )
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
    if (!pending?.content.trim()) return
    void sendMessage(pending.content, pending.images).then((saved) => {
      if (!saved) setDraft(pending.content)
    })
  }, [params, setParams, sendMessage, setDraft])

  useEffect(() => {
    // A live query keeps its previous answer while the next one runs: judge only the answer for this id.
    if (!urlConversation || stored?.id !== urlConversation || stored.conversation) return
    // A device still fetching its first pull holds no conversation yet: that is no failure.
    if (!synced || status === 'streaming' || failedLoad.current === urlConversation) return
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
  }, [db, urlConversation, stored, status, synced])

  const messageCount = stored?.messages.length ?? 0
  const liveLength = live?.content.length ?? 0
  useEffect(() => {
    if (messageCount > 0 || liveLength > 0) endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [messageCount, liveLength])

  const lastAnswer = stored?.messages.findLast((m) => m.role === 'assistant')
  // Regenerate asks the same question again; the earlier answer stays above it.
  const askAgainAs = (questionId: string | null) => {
    const asked = stored?.messages.find((m) => m.id === questionId)
    if (asked) return sendMessage(htmlToText(asked.content).trim(), [])
  }
  const editQuestion = (html: string) => {
    setDraft(htmlToText(html).trim())
    inputRef.current?.focus()
  }
  const messageActions = (m: Message) =>
    m.role === 'assistant' ? (
      <AnswerActions
        messageId={m.id}
        content={m.content}
        sources={m.metadata?.sources ?? []}
        expert={expert}
        conversationId={m.conversationId}
        onRegenerate={m.id === lastAnswer?.id && status === 'idle' ? () => void askAgainAs(m.replyTo) : undefined}
      />
    ) : (
      !stored?.unsent.has(m.id) && (
        <button type="button" className="btn btn-ghost message-edit" onClick={() => editQuestion(m.content)}>
          Edit and resend
        </button>
      )
    )

  const inConversation = urlConversation !== null
  const title = stored?.conversation?.title?.trim() || (inConversation ? 'New Conversation' : '')
  const composer = (
    <Composer
      draft={draft}
      onDraftChange={setDraft}
      streaming={status === 'streaming'}
      onSend={sendMessage}
      onStop={() => void stop(tenant)}
      inputRef={inputRef}
      placeholder={`Ask the ${EXPERT_NAMES[expert]} expert…`}
    />
  )
  const startNew = () => {
    reset()
    setParams({})
    inputRef.current?.focus()
  }

  if (params.get('history') === '1') {
    return (
      <HistoryView
        expert={expert}
        onOpen={(id) => setParams({ conversation: id })}
        onBack={() => setParams({})}
        onNew={startNew}
      />
    )
  }

  const conversationId = storeConversation ?? urlConversation
  // One tree for both views, so the composer (and its focus) survives the first send.
  return (
    <div className="chat">
      {inConversation ? (
        <>
          <ConversationHeader
            expert={expert}
            title={title}
            conversationId={conversationId}
            busy={status === 'streaming'}
            onBack={() => {
              reset()
              setParams({})
            }}
            onNew={startNew}
          />
          <div className="message-list" aria-live="polite">
            {stored?.messages.map((m) => {
              const offline = offlineAnswers.get(m.id)
              return (
                <Fragment key={m.id}>
                  <MessageBubble
                    author={m.role}
                    content={m.content}
                    createdAt={m.createdAt}
                    sources={m.metadata.sources}
                    images={stored.images.get(m.id)}
                    pending={stored.unsent.has(m.id)}
                    origin={m.metadata.answer}
                    actions={messageActions(m)}
                  />
                  {offline && (
                    <MessageBubble
                      author="assistant"
                      label="Answered offline from the manuals on this device"
                      content={offline.content}
                      createdAt={offline.createdAt}
                      sources={offline.sources}
                      origin={{ by: 'local', model: null, reason: null, stopped: false, focus: offline.focus }}
                    />
                  )}
                </Fragment>
              )
            })}
            {live && (
              <MessageBubble
                author="assistant"
                content={live.content}
                createdAt={live.createdAt}
                sources={live.sources}
              />
            )}
            <QuestionStatus
              unsent={lastMessage?.role === 'user' && (stored?.unsent.has(lastMessage.id) ?? false)}
              unanswered={question !== null && !live}
              streaming={status === 'streaming' && !live}
              outcome={outcome}
              onAskAgain={askAgain}
            />
            <div ref={endRef} />
          </div>
        </>
      ) : (
        <StartView
          expert={expert}
          onPick={setDraft}
          onOpen={(id) => setParams({ conversation: id })}
          onHistory={() => setParams({ history: '1' })}
        />
      )}
      {composer}
    </div>
  )
}
