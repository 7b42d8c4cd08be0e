/**
 * The live part of a chat: the messages typed and streamed in this session that the local database
 * has not received yet (the answer arrives there by the pull that follows `done`). One stream at a
 * time: a new stream aborts any earlier one, a second send while streaming is ignored.
 */
import type { Expert, ImageUpload, Source } from '@mw/sync-protocol'
import { create } from 'zustand'
import { errorToast } from '../../components/ui/toast-store.ts'
import { isAbortError, streamExpert } from '../../lib/stream-client.ts'

export interface LiveMessage {
  key: string
  role: 'user' | 'assistant'
  content: string
  sources: Source[]
  images: ImageUpload[]
  createdAt: string
}

export interface SendInput {
  tenant: string
  expert: Expert
  query: string
  images?: ImageUpload[]
  /** Called once the server names the conversation (put it in the URL). */
  onConversationId?: (id: string) => void
  /** Called after `done`; when it resolves the local database holds the stored messages. */
  onDone?: () => Promise<unknown>
}

interface ChatState {
  status: 'idle' | 'streaming'
  expert: Expert | null
  conversationId: string | null
  messages: LiveMessage[]
  controller: AbortController | null
  send: (input: SendInput) => Promise<void>
  /** Start view: aborts any stream and forgets the conversation. */
  reset: () => void
  /** Show this expert's conversation (from a list or the URL; null: start view); no-op if already shown. */
  open: (expert: Expert, conversationId: string | null) => void
}

let keySeq = 0
const newKey = () => `live-${++keySeq}`

export const useChatStore = create<ChatState>((set, get) => ({
  status: 'idle',
  expert: null,
  conversationId: null,
  messages: [],
  controller: null,

  reset: () => {
    get().controller?.abort()
    set({ status: 'idle', conversationId: null, messages: [], controller: null })
  },

  open: (expert, conversationId) => {
    if (get().expert === expert && get().conversationId === conversationId) return
    get().controller?.abort()
    set({ status: 'idle', expert, conversationId, messages: [], controller: null })
  },

  send: async ({ tenant, expert, query, images = [], onConversationId, onDone }) => {
    const text = query.trim()
    if (!text || get().status === 'streaming') return
    get().controller?.abort()
    const controller = new AbortController()
    let assistantKey: string | null = null
    const now = new Date().toISOString()
    set((s) => ({
      status: 'streaming',
      expert,
      controller,
      messages: [...s.messages, { key: newKey(), role: 'user', content: text, sources: [], images, createdAt: now }],
    }))

    const updateAssistant = (change: (m: LiveMessage) => LiveMessage) =>
      set((s) => {
        if (assistantKey === null) {
          assistantKey = newKey()
          const fresh: LiveMessage = {
            key: assistantKey,
            role: 'assistant',
            content: '',
            sources: [],
            images: [],
            createdAt: new Date().toISOString(),
          }
          return { messages: [...s.messages, change(fresh)] }
        }
        return { messages: s.messages.map((m) => (m.key === assistantKey ? change(m) : m)) }
      })

    let finished = false
    try {
      await streamExpert({
        tenant,
        expert,
        query: text,
        images,
        conversationId: get().conversationId ?? undefined,
        signal: controller.signal,
        onEvent: (event) => {
          if (controller.signal.aborted) return
          if (event.meta) {
            const sources = event.meta.contexts
            updateAssistant((m) => ({ ...m, sources }))
          }
          if (event.text) {
            const chunk = event.text
            updateAssistant((m) => ({ ...m, content: m.content + chunk }))
          }
          if (event.conversationId && event.conversationId !== get().conversationId) {
            set({ conversationId: event.conversationId })
            onConversationId?.(event.conversationId)
          }
          if (event.error) errorToast('Error', event.error)
          if (event.done) finished = true
        },
      })
    } catch (error) {
      if (!isAbortError(error) && !controller.signal.aborted) {
        errorToast('Error', error instanceof Error ? error.message : String(error))
      }
    } finally {
      if (get().controller === controller) set({ status: 'idle', controller: null })
    }
    if (finished && onDone) {
      const conversationId = get().conversationId
      try {
        await onDone()
        // The pull brought the stored messages; drop the live copies unless another send began.
        if (get().status === 'idle' && get().conversationId === conversationId) set({ messages: [] })
      } catch {
        // Offline again: keep showing the live copies until a later pull.
      }
    }
  },
}))
