import { PENDING_MESSAGE_KEY, type PendingMessage, pendingMessageSchema } from '@mw/sync-protocol'
import { errorToast } from '../../../components/ui/toast-store.ts'

/** The electronics landing hands its first message to the chat screen through session storage; false if it did not fit. */
export function storePendingMessage(message: PendingMessage): boolean {
  try {
    sessionStorage.setItem(PENDING_MESSAGE_KEY, JSON.stringify(message))
    return true
  } catch {
    errorToast('Failed to send message', 'Please try again')
    return false
  }
}

/** Reads and removes the pending message; null when there is none or it is not valid. */
export function takePendingMessage(): PendingMessage | null {
  const raw = sessionStorage.getItem(PENDING_MESSAGE_KEY)
  if (raw === null) return null
  sessionStorage.removeItem(PENDING_MESSAGE_KEY)
  try {
    const parsed = pendingMessageSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
