import { Button } from '../../../components/ui/button.tsx'
import { toast } from '../../../components/ui/toast-store.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useSyncStore } from '../../../sync/sync-store.ts'
import type { FollowOutcome } from '../store.ts'

interface QuestionStatusProps {
  /** The last question is still on this device only. */
  unsent: boolean
  /** The last question reached the server and has no answer on screen yet. */
  unanswered: boolean
  streaming: boolean
  outcome: FollowOutcome | 'streaming' | undefined
  onAskAgain: () => void
}

/** Says where the last question is: waiting to send, waiting for its answer, or being answered. */
export function QuestionStatus({ unsent, unanswered, streaming, outcome, onAskAgain }: QuestionStatusProps) {
  const online = useOnlineStatus()
  const syncNow = useSyncStore((s) => s.syncNow)
  // Still no network: said, so the button never looks as if it did nothing.
  const retry = async () => {
    if (!(await syncNow()))
      toast({ title: "You're offline", description: 'Messages will send when connection is restored.' })
  }
  if (unsent) {
    return (
      <p className="muted chat-waiting" role="status">
        {online
          ? 'Saved on this device, sending…'
          : 'Saved on this device. It will be sent when the connection returns.'}{' '}
        <Button variant="ghost" onClick={() => void retry()}>
          Retry now
        </Button>
      </p>
    )
  }
  if (streaming) {
    return (
      <p className="muted typing" role="status">
        The expert is looking through the manuals…
      </p>
    )
  }
  if (!unanswered) return null
  if (outcome === 'refused') {
    return (
      <p className="muted chat-waiting" role="status">
        No answer yet.{' '}
        <Button variant="ghost" onClick={onAskAgain}>
          Ask again
        </Button>
      </p>
    )
  }
  return (
    <p className="muted chat-waiting" role="status">
      {online ? 'Sent. Waiting for the answer…' : 'Sent. The answer will arrive when the connection returns.'}
    </p>
  )
}
