import { cleanup, screen } from '@testing-library/react'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useToastStore } from '../../../components/ui/toast-store.ts'
import { openLocalDb } from '../../../db/local-db.ts'
import { stubViewport } from '../../../test/viewport.ts'
import { renderSeakeeperChat } from '../test/render-seakeeper-chat.tsx'

beforeEach(() => {
  stubViewport()
  useToastStore.setState({ current: null })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('conversation history', () => {
  test('a device database that cannot be read toasts "Failed to load conversations" and shows an empty list', async () => {
    const userId = uuidv7()
    const db = openLocalDb(userId, 'demo')
    vi.spyOn(db.conversations, 'where').mockImplementation(() => {
      throw new Error('Connection to Indexed Database server lost. Refresh the page to try again')
    })
    renderSeakeeperChat(userId, '/t/demo/ask/seakeeper?history=1')
    await vi.waitFor(() =>
      expect(useToastStore.getState().current).toMatchObject({
        title: 'Failed to load conversations',
        description: 'Please try again',
      }),
    )
    expect(await screen.findByText('No conversations yet')).toBeTruthy()
  })
})
