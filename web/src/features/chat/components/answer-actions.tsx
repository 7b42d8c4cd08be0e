import { type Expert, LIMITS, type Source } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Icon } from '../../../components/ui/icon.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { rateAnswer } from '../actions.ts'
import { AddToCase } from './add-to-case.tsx'
import { answerText } from './answer-text.ts'

/**
 * Copy, thumbs up or down (with an optional comment on a thumbs down), Add to case, and Regenerate
 * on the latest answer.
 */
export function AnswerActions({
  messageId,
  content,
  sources,
  expert,
  conversationId,
  onRegenerate,
}: {
  messageId: string
  content: string
  sources: Source[]
  expert: Expert
  conversationId: string | null
  onRegenerate?: () => void
}) {
  const db = useLocalDb()
  const rating = useLiveQuery(() => db.ratings.get(messageId), [db, messageId])
  const [commenting, setCommenting] = useState(false)
  const [adding, setAdding] = useState(false)
  const [comment, setComment] = useState('')

  const rate = async (value: 'up' | 'down', text: string | null = null) => {
    try {
      await rateAnswer(db, messageId, value, text)
    } catch {
      errorToast('Feedback failed', 'Please try again')
      return false
    }
    return true
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answerText(content))
      toast({ title: 'Copied', description: 'The answer is on the clipboard.' })
    } catch {
      errorToast('Copy failed', 'This browser did not allow copying.')
    }
  }

  const sendComment = async (e: FormEvent) => {
    e.preventDefault()
    if (await rate('down', comment.trim() || null)) {
      setCommenting(false)
      toast({ title: 'Thank you', description: 'Your feedback goes to the people who keep the manuals.' })
    }
  }

  return (
    <div className="answer-actions">
      <div className="answer-buttons">
        <Button variant="ghost" onClick={() => void copy()}>
          Copy
        </Button>
        <Button
          variant="ghost"
          aria-label="Helpful"
          aria-pressed={rating?.rating === 'up'}
          onClick={() => void rate('up').then((ok) => ok && setCommenting(false))}
        >
          <Icon name="thumbUp" />
        </Button>
        <Button
          variant="ghost"
          aria-label="Not helpful"
          aria-pressed={rating?.rating === 'down'}
          onClick={() => void rate('down').then((ok) => ok && setCommenting(true))}
        >
          <Icon name="thumbDown" />
        </Button>
        <Button variant="ghost" aria-expanded={adding} onClick={() => setAdding(!adding)}>
          Add to case
        </Button>
        {onRegenerate && (
          <Button variant="ghost" onClick={onRegenerate}>
            Regenerate
          </Button>
        )}
      </div>
      {adding && (
        <AddToCase
          content={content}
          sources={sources}
          expert={expert}
          conversationId={conversationId}
          onDone={() => setAdding(false)}
        />
      )}
      {commenting && (
        <form className="answer-comment" onSubmit={sendComment}>
          <input
            className="input"
            aria-label="What was wrong? (optional)"
            placeholder="What was wrong? (optional)"
            maxLength={LIMITS.feedbackMaxChars}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Send
          </Button>
        </form>
      )}
    </div>
  )
}
