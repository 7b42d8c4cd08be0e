import type { Expert, ImageUpload } from '@mw/sync-protocol'
import { useSearchParams } from 'react-router-dom'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { isOnline } from '../../../lib/use-online-status.ts'
import { useSyncStore } from '../../../sync/sync-store.ts'
import { queueChatMessage } from '../actions.ts'
import { useChatStore } from '../store.ts'

/**
 * Sends a question the one way every write goes: saved on this device and queued in one
 * transaction, then delivered by the sync. Online, the screen then follows the answer
 * (use-answer-follower.ts). Resolves false when nothing was saved, so the composer keeps the text.
 */
export function useSendMessage(expert: Expert) {
  const db = useLocalDb()
  const [params, setParams] = useSearchParams()
  const open = useChatStore((s) => s.open)

  return async (query: string, images: ImageUpload[]): Promise<boolean> => {
    let conversationId: string
    try {
      const current = useChatStore.getState().conversationId
      const queued = await queueChatMessage(db, {
        conversationId: current,
        // "Ask the Expert" on a case opens the chat with ?case=: the new conversation is linked to it.
        caseId: current ? null : params.get('case'),
        agentId: expert,
        query,
        images,
      })
      conversationId = queued.conversationId
    } catch {
      errorToast('Failed to send message', 'Please try again')
      return false
    }
    open(expert, conversationId)
    setParams({ conversation: conversationId }, { replace: true })
    if (isOnline()) useSyncStore.getState().syncNow()
    else toast({ title: "You're offline", description: 'Messages will send when connection is restored.' })
    return true
  }
}
