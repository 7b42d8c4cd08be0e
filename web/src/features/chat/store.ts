/**
 * The live part of a chat: the answer streaming in for a question that is already saved on this
 * device and on the server (actions.ts queued it; the outbox delivered it). The stream is keyed by
 * the question's id, so following it again never asks twice: the server replays the answer from
 * its first event. The stored answer arrives by pull and then replaces the live copy. One stream
 * at a time: a new one aborts any earlier one.
 */
import type { Expert, Source } from '@mw/sync-protocol'
import { create } from 'zustand'
import { errorToast } from '../../components/ui/toast-store.ts'
import { ApiError, apiFetch } from '../../lib/api-client.ts'
import { isAbortError, streamExpert } from '../../lib/stream-client.ts'

export interface LiveAnswer {
  questionId: string
  content: string
  sources: Source[]
  createdAt: string
}

export interface FollowInput {
  tenant: string
  expert: Expert
  conversationId: string
  questionId: string
  query: string
}

/** How a stream ended: with its answer, refused by the server, cut by the network, or aborted here. */
export type FollowOutcome = 'done' | 'refused' | 'cut' | 'aborted'

interface ChatState {
  status: 'idle' | 'streaming'
  expert: Expert | null
  conversationId: string | null
  answer: LiveAnswer | null
  controller: AbortController | null
  /** Questions whose answer this page followed: how the last try ended, and how many tries. */
  followed: Record<string, { outcome: FollowOutcome | 'streaming'; tries: number }>
  follow: (input: FollowInput) => Promise<FollowOutcome>
  /** Asks the server to stop the answer streaming now; what arrived stays, marked stopped. */
  stop: (tenant: string) => Promise<void>
  /** Start view: aborts any stream and forgets the conversation. */
  reset: () => void
  /** Show this expert's conversation (from a list, the URL or a send; null: start view); no-op if already shown. */
  open: (expert: Expert, conversationId: string | null) => void
}

export const useChatStore = create<ChatState>((set, get) => ({
  status: 'idle',
  expert: null,
  conversationId: null,
  answer: null,
  controller: null,
  followed: {},

  stop: async (tenant) => {
    const questionId = get().answer?.questionId
    if (!questionId || get().status !== 'streaming') return
    try {
      await apiFetch('POST', `/api/t/${tenant}/messages/${questionId}/stop`, { timeoutMs: 10_000 })
    } catch {
      // The server could not be told: at least stop following here (the pull brings what it wrote).
      get().controller?.abort()
    }
  },

  reset: () => {
    get().controller?.abort()
    set({ status: 'idle', conversationId: null, answer: null, controller: null })
  },

  open: (expert, conversationId) => {
    if (get().expert === expert && get().conversationId === conversationId) return
    get().controller?.abort()
    set({ status: 'idle', expert, conversationId, answer: null, controller: null })
  },

  follow: async ({ tenant, expert, conversationId, questionId, query }) => {
    get().controller?.abort()
    const controller = new AbortController()
    const mark = (outcome: FollowOutcome | 'streaming') =>
      set((s) => {
        const tries = (s.followed[questionId]?.tries ?? 0) + (outcome === 'streaming' ? 1 : 0)
        return { followed: { ...s.followed, [questionId]: { outcome, tries } } }
      })
    set({
      status: 'streaming',
      controller,
      answer: { questionId, content: '', sources: [], createdAt: new Date().toISOString() },
    })
    mark('streaming')
    const update = (change: (a: LiveAnswer) => LiveAnswer) => {
      if (controller.signal.aborted) return
      set((s) => (s.answer?.questionId === questionId ? { answer: change(s.answer) } : {}))
    }

    let outcome = 'cut' as FollowOutcome
    try {
      await streamExpert({
        tenant,
        expert,
        query,
        conversationId,
        messageId: questionId,
        signal: controller.signal,
        onEvent: (event) => {
          if (controller.signal.aborted) return
          if (event.meta) {
            const sources = event.meta.contexts
            update((a) => ({ ...a, sources }))
          }
          if (event.text) {
            const chunk = event.text
            update((a) => ({ ...a, content: a.content + chunk }))
          }
          if (event.error) {
            outcome = 'refused'
            errorToast('Error', event.error)
          }
          if (event.done && outcome !== 'refused') outcome = 'done'
        },
      })
      if (controller.signal.aborted) outcome = 'aborted'
    } catch (error) {
      if (isAbortError(error) || controller.signal.aborted) outcome = 'aborted'
      else if (error instanceof ApiError && (error.code === 'network' || error.status >= 500 || error.status === 429))
        outcome = 'cut'
      else {
        outcome = 'refused'
        // The server's sentence, not the raised "HTTP 404: {json}" (its message, kept for logs).
        const said = error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : null
        errorToast('Error', said ?? String(error))
      }
    } finally {
      if (get().controller === controller) set({ status: 'idle', controller: null })
    }
    // A cut or refused stream leaves nothing half-written on screen: the question shows it waits.
    if (outcome !== 'done' && get().answer?.questionId === questionId && get().controller === null)
      set({ answer: null })
    mark(outcome)
    return outcome
  },
}))
