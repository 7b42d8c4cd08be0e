import type { Conversation } from '@mw/sync-protocol'
import { act, cleanup, screen } from '@testing-library/react'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useToastStore } from '../../../components/ui/toast-store.ts'
import { openLocalDb } from '../../../db/local-db.ts'
import { useChatStore } from '../store.ts'
import { renderSeakeeperChat } from '../test/render-seakeeper-chat.tsx'

function renderAt(conversationId: string) {
  const userId = uuidv7()
  const db = openLocalDb(userId, 'demo')
  renderSeakeeperChat(userId, `/t/demo/ask/seakeeper?conversation=${conversationId}`)
  return db
}

const conversation = (id: string): Conversation => ({
  id,
  title: 'Slow spool-up',
  agentId: 'seakeeper',
  status: 'active',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
})

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }))
  useToastStore.setState({ current: null })
  useChatStore.setState({ status: 'idle', expert: null, conversationId: null, messages: [], controller: null })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('chat screen loading a conversation', () => {
  test('an id this device does not hold toasts "Failed to load conversation"', async () => {
    renderAt(uuidv7())
    await vi.waitFor(() =>
      expect(useToastStore.getState().current).toMatchObject({
        title: 'Failed to load conversation',
        description: 'Please try again',
      }),
    )
  })

  test('a conversation just stored by the pull after an answer is not reported as failed', async () => {
    const id = uuidv7()
    useChatStore.setState({
      expert: 'seakeeper',
      conversationId: id,
      messages: [
        { key: 'q', role: 'user', content: 'Why?', sources: [], images: [], createdAt: new Date().toISOString() },
      ],
    })
    const db = renderAt(id)
    await screen.findByText('Why?')
    // Let the live query deliver its first answer: this device does not hold the conversation yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    // The pull writes the conversation; the chat drops its live copy before the live query re-reads.
    const stored = db.conversations.put(conversation(id))
    act(() => useChatStore.setState({ messages: [] }))
    await stored
    await screen.findByRole('heading', { name: 'Slow spool-up' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(useToastStore.getState().current).toBeNull()
  })
})
