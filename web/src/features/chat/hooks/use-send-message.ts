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
      onDone: () => useSyncStore.getState().syncNow(),
    })
  }
}
