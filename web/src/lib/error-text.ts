import { storageProblemOf } from '../sync/storage-problem.ts'
import { ApiError } from './api-client.ts'

/**
 * What went wrong, in a sentence for the person who tried: the server's own sentence, that the
 * network is needed, or that the device is full; anything else (a bug's message) gets `fallback`.
 */
export function errorText(error: unknown, fallback = 'Please try again.'): string {
  if (error instanceof ApiError) {
    return error.code === 'network' ? 'This needs the network. Try again online.' : error.serverMessage
  }
  return storageProblemOf(error) ?? fallback
}
