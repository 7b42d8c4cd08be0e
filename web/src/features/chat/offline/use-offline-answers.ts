import type { Expert, Message } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef } from 'react'
import type { OfflineAnswer } from '../../../db/local-db.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { htmlToText } from '../../../lib/html-to-text.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { answerOffline } from '../../../sync/offline-answerer/answer-offline.ts'

/** How long a question waits for the server before the manuals on the device answer it. */
const SERVER_GRACE_MS = 5_000

/**
 * Answers the conversation's last question from the manuals kept on this device when there is
 * no network, or when the server has not answered within a few seconds. The question itself still
 * goes through the outbox; the server's answer arrives later beside this one.
 */
export function useOfflineAnswers(
  expert: Expert,
  conversationId: string | null,
  messages: Message[],
  waitingForAnswer: boolean,
): Map<string, OfflineAnswer> {
  const db = useLocalDb()
  const online = useOnlineStatus()
  const kept = useLiveQuery(() => db.keptExperts.get(expert), [db, expert])
  const answers = useLiveQuery(
    () => (conversationId ? db.offlineAnswers.where('conversationId').equals(conversationId).toArray() : []),
    [db, conversationId],
  )
  const tried = useRef(new Set<string>())
  const question = messages.findLast((m) => m.role === 'user')
  const answered = question ? messages.some((m) => m.replyTo === question.id) : true
  const pending =
    question && !answered && waitingForAnswer && kept && answers && !answers.some((a) => a.questionId === question.id)

  useEffect(() => {
    if (!pending || !question || !conversationId || tried.current.has(question.id)) return
    const timer = setTimeout(
      () => {
        tried.current.add(question.id)
        const query = htmlToText(question.content)
        void answerOffline({ userId: db.userId, tenant: db.tenant, expert, query, conversationId }).then(
          (answer) =>
            answer &&
            db.offlineAnswers.put({
              questionId: question.id,
              conversationId,
              content: answer.content,
              sources: answer.sources,
              focus: answer.focus,
              createdAt: new Date().toISOString(),
            }),
        )
      },
      online ? SERVER_GRACE_MS : 0,
    )
    return () => clearTimeout(timer)
  }, [pending, question, conversationId, online, db, expert])

  return new Map((answers ?? []).map((a) => [a.questionId, a]))
}
