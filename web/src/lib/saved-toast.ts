import { toast } from '../components/ui/toast-store.ts'
import { isOnline } from './use-online-status.ts'

/**
 * Confirms a change saved on this device. Online it says what happened (the spec's success
 * toast); offline it does not pretend the server has it.
 */
export function savedToast(title: string): void {
  if (isOnline()) toast({ title })
  else
    toast({
      title: 'Saved on this device, will sync',
      description: 'It reaches the server when the connection returns.',
    })
}
