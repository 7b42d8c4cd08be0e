import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useToastStore } from '../../../components/ui/toast-store.ts'
import { type LocalDb, openLocalDb, SYNC_STATE_KEY } from '../../../db/local-db.ts'
import { stubViewport } from '../../../test/viewport.ts'
import { queueChatMessage } from '../actions.ts'
import { useChatStore } from '../store.ts'
import { renderSeakeeperChat } from '../test/render-seakeeper-chat.tsx'

/** Marks the device as having finished a pull, as the sync loop does. */
const markSynced = (db: LocalDb) =>
  db.syncState.put(
    { deviceId: uuidv7(), cursor: 1, lastSyncedAt: new Date().toISOString(), lastSeq: 0 },
    SYNC_STATE_KEY,
  )

async function renderAt(conversationId: string, synced = true) {
  const userId = uuidv7()
  const db = openLocalDb(userId, 'demo')
  if (synced) await markSynced(db)
  renderSeakeeperChat(userId, `/t/demo/ask/seakeeper?conversation=${conversationId}`)
  return db
}

beforeEach(() => {
  stubViewport()
  useToastStore.setState({ current: null })
  useChatStore.setState(useChatStore.getInitialState())
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('chat screen loading a conversation', () => {
  test('an id this device does not hold toasts "Failed to load conversation"', async () => {
    await renderAt(uuidv7())
    await vi.waitFor(() =>
      expect(useToastStore.getState().current).toMatchObject({
        title: 'Failed to load conversation',
        description: 'Please try again',
      }),
    )
  })

  test('on a new device still fetching its first pull, a conversation it will bring is no failure', async () => {
    const conversationId = uuidv7()
    const db = await renderAt(conversationId, false)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(useToastStore.getState().current).toBeNull()

    await db.transaction('rw', db.conversations, db.messages, db.syncState, async () => {
      await db.conversations.put({
        id: conversationId,
        title: 'Slow spool-up after relaunch',
        agentId: 'seakeeper',
        status: 'active',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      await db.messages.put({
        id: uuidv7(),
        conversationId,
        role: 'user',
        content: '<p>Why is the spool-up slow?</p>',
        createdAt: new Date().toISOString(),
        metadata: { sources: [] },
        replyTo: null,
      })
      await markSynced(db)
    })
    await screen.findByRole('article', { name: 'Your message' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(useToastStore.getState().current).toBeNull()
  })

  test('a queued question says it waits; once the server has it the answer streams in, then the stored copy replaces it', async () => {
    const fetchMock = vi.fn<typeof fetch>()
    vi.stubGlobal('fetch', fetchMock)
    const userId = uuidv7()
    const db = openLocalDb(userId, 'demo')
    const { conversationId, messageId, mid } = await queueChatMessage(db, {
      agentId: 'seakeeper',
      query: 'Why is the spool-up slow?',
      images: [],
    })
    renderSeakeeperChat(userId, `/t/demo/ask/seakeeper?conversation=${conversationId}`)
    expect((await screen.findByRole('article', { name: 'Your message' })).textContent).toContain(
      'Why is the spool-up slow?',
    )
    await screen.findByText(/Saved on this device, sending/)
    expect(fetchMock).not.toHaveBeenCalled()

    fetchMock.mockResolvedValueOnce(
      new Response(`data: ${JSON.stringify({ text: '<p>Check the oil.</p>' })}\n\ndata: {"done":true}\n\n`, {
        headers: { 'content-type': 'text/event-stream' },
      }),
    )
    await db.outbox.where('mid').equals(mid).modify({ state: 'acked' })
    await screen.findByText('Check the oil.')
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({ messageId, conversationId })

    await db.messages.put({
      id: uuidv7(),
      conversationId,
      role: 'assistant',
      content: '<p>Check the oil.</p>',
      createdAt: new Date().toISOString(),
      metadata: { sources: [] },
      replyTo: messageId,
    })
    await vi.waitFor(() => expect(screen.getAllByText('Check the oil.')).toHaveLength(1))
    expect(screen.queryByText(/Saved on this device/)).toBeNull()
    expect(fetchMock).toHaveBeenCalledOnce()
    expect(useToastStore.getState().current).toBeNull()
  })
})

describe('chat composer', () => {
  test('a question typed but not sent is still there after the page reloads', async () => {
    const userId = uuidv7()
    renderSeakeeperChat(userId, '/t/demo/ask/seakeeper')
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Seawater flow alarm after 40 minutes')
    cleanup()

    renderSeakeeperChat(userId, '/t/demo/ask/seakeeper')
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'Seawater flow alarm after 40 minutes',
    )
  })
})
