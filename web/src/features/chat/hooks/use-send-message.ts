import type { Expert, ImageUpload } from '@mw/sync-protocol'
import { useSearchParams } from 'react-router-dom'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { useSyncStore } from '../../../sync/sync-store.ts'
import { queueChatMessage } from '../actions.ts'
import { useChatStore } from '../store.ts'

/**
 * Online: streams the answer and keeps the conversation id in the URL. Offline: says so and
 * queues the message; it shows as waiting and the answer arrives by pull when it drains.
 */
export function useSendMessage(tenant: string, expert: Expert) {
  const db = useLocalDb()
  const [, setParams] = useSearchParams()
  const send = useChatStore((s) => s.send)
  const open = useChatStore((s) => s.open)

  return async (query: string, images: ImageUpload[]) => {
    const showConversation = (id: string) => setParams({ conversation: id }, { replace: true })
    if (!navigator.onLine) {
      toast({ title: "You're offline", description: 'Messages will send when connection is restored.' })
      try {
        const queued = await queueChatMessage(db, {
          conversationId: useChatStore.getState().conversationId,
          agentId: expert,
          query,
          images,
        })
        open(expert, queued.conversationId)
        showConversation(queued.conversationId)
      } catch {
        errorToast('Failed to send message', 'Please try again')
      }
      return
    }
    await send({
      tenant,
      expert,
      query,
      images,
      onConversationId: showConversation,
      onDone: syncAndWait,
    })
  }
}

/** Asks for a sync and resolves once a run has finished online (the stored messages are then local). */
function syncAndWait(): Promise<void> {
  return new Promise((resolve, reject) => {
    let started = false
    const timer = setTimeout(() => finish(new Error('Sync took too long.')), 20_000)
    const unsubscribe = useSyncStore.subscribe((s) => {
      if (s.syncing) started = true
      else if (started) finish(s.online ? null : new Error('Offline.'))
    })
    function finish(error: Error | null) {
      clearTimeout(timer)
      unsubscribe()
      if (error) reject(error)
      else resolve()
    }
    useSyncStore.getState().syncNow()
  })
}
