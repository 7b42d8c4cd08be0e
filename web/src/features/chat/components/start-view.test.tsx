import type { Conversation } from '@mw/sync-protocol'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { openLocalDb } from '../../../db/local-db.ts'
import { stubViewport } from '../../../test/viewport.ts'
import { renderSeakeeperChat } from '../test/render-seakeeper-chat.tsx'
import { SUGGESTIONS } from './suggestions.ts'

async function renderChat(conversationCount: number) {
  const userId = uuidv7()
  const db = openLocalDb(userId, 'demo')
  const rows: Conversation[] = Array.from({ length: conversationCount }, (_, i) => ({
    id: uuidv7(),
    title: i === 0 ? null : `Question ${i}`,
    agentId: 'seakeeper',
    status: 'active',
    createdAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
    updatedAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
  }))
  await db.conversations.bulkPut([
    ...rows,
    { ...rows[0], id: uuidv7(), agentId: 'furuno', title: 'Radar' } as Conversation,
  ])
  renderSeakeeperChat(userId, '/t/demo/ask/seakeeper')
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('chat start view', () => {
  test('desktop: 4 long suggestions, 5 recent conversations of this expert, untitled fallback', async () => {
    stubViewport(false)
    await renderChat(7)
    const suggestions = within(screen.getByRole('list', { name: 'Query Suggestions' })).getAllByRole('button')
    expect(suggestions.map((b) => b.textContent)).toEqual(SUGGESTIONS.seakeeper.long)
    const recent = await screen.findByRole('list', { name: 'Recent conversations' })
    const rows = within(recent).getAllByRole('button')
    expect(rows).toHaveLength(5)
    expect(rows[0]?.textContent).toContain('Untitled')
    expect(screen.queryByText('Radar')).toBeNull()
  })

  test('phone: 3 short suggestions and 3 recent conversations; picking one fills the composer', async () => {
    stubViewport(true)
    await renderChat(7)
    const recent = await screen.findByRole('list', { name: 'Recent conversations' })
    expect(within(recent).getAllByRole('button')).toHaveLength(3)
    for (const short of SUGGESTIONS.seakeeper.short) expect(screen.getByRole('button', { name: short })).toBeTruthy()
    expect(screen.queryByRole('button', { name: SUGGESTIONS.seakeeper.long[0] })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: SUGGESTIONS.seakeeper.short[1] }))
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      SUGGESTIONS.seakeeper.short[1],
    )
  })

  test('the Query Suggestions toggle hides and shows them', async () => {
    stubViewport(false)
    await renderChat(0)
    const toggle = screen.getByRole('button', { name: 'Hide' })
    await userEvent.click(toggle)
    expect(screen.queryByRole('button', { name: SUGGESTIONS.seakeeper.long[0] })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(screen.getByRole('button', { name: SUGGESTIONS.seakeeper.long[0] })).toBeTruthy()
  })
})
