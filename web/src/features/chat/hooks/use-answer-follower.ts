import type { Expert } from '@mw/sync-protocol'
import { useCallback, useEffect } from 'react'
import { htmlToText } from '../../../lib/html-to-text.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useSyncStore } from '../../../sync/sync-store.ts'
import type { ConversationView } from '../queries.ts'
import { useChatStore } from '../store.ts'

const MAX_TRIES = 3
const RETRY_PAUSE_MS = 2000

/** The conversation's last question if the server has it and its stored answer has not arrived. */
function unansweredQuestion(view: ConversationView | undefined) {
  const last = view?.messages.at(-1)
  if (!view || last?.role !== 'user' || view.unsent.has(last.id)) return null
  return last
}

const plainText = (html: string) => htmlToText(html).trim() || '?'

/**
 * Online, follows the answer to the conversation's last question once the server has it: at
 * once, again after a cut stream (a short pause, up to three tries; after that the pull brings
 * it), and never again by itself after the server refused (the question offers "Ask again").
 * After the answer, a sync brings the stored copy.
 */
export function useAnswerFollower(tenant: string, expert: Expert, view: ConversationView | undefined) {
  const online = useOnlineStatus()
  const status = useChatStore((s) => s.status)
  const follow = useChatStore((s) => s.follow)
  const question = unansweredQuestion(view)
  const questionId = question?.id
  const conversationId = question?.conversationId
  const content = question?.content
  const tried = useChatStore((s) => (questionId ? s.followed[questionId] : undefined))

  const askAgain = useCallback(() => {
    if (!questionId || !conversationId || content === undefined) return
    void follow({ tenant, expert, conversationId, questionId, query: plainText(content) }).then((outcome) => {
      if (outcome === 'done' || outcome === 'cut') useSyncStore.getState().syncNow()
    })
  }, [questionId, conversationId, content, follow, tenant, expert])

  useEffect(() => {
    if (!questionId || !online || status === 'streaming') return
    if (tried && (tried.outcome === 'done' || tried.outcome === 'refused' || tried.tries >= MAX_TRIES)) return
    if (!tried || tried.outcome === 'aborted') return askAgain()
    const timer = setTimeout(askAgain, RETRY_PAUSE_MS * tried.tries)
    return () => clearTimeout(timer)
  }, [questionId, online, status, tried, askAgain])

  return { question, outcome: tried?.outcome, askAgain }
}
