import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, test } from 'vitest'
import { LocalDbProvider } from '../db/local-db-context.tsx'
import { forgetDrafts, useKeptDraft } from './kept-draft.ts'

function Draft({ place }: { place: string }) {
  const [text, setText] = useKeptDraft(place)
  return <textarea aria-label="Draft" value={text} onChange={(e) => setText(e.target.value)} />
}

const renderDraft = (userId: string, tenant: string, place: string) =>
  render(
    <LocalDbProvider userId={userId} tenant={tenant}>
      <Draft place={place} />
    </LocalDbProvider>,
  )
const shown = () => (screen.getByRole('textbox', { name: 'Draft' }) as HTMLTextAreaElement).value

afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('kept drafts', () => {
  test('come back for the same user, tenant and place, and for no other', async () => {
    const userId = uuidv7()
    renderDraft(userId, 'demo', 'chat:seakeeper')
    await userEvent.type(screen.getByRole('textbox', { name: 'Draft' }), 'Flow alarm at anchor')
    cleanup()

    renderDraft(userId, 'demo', 'chat:seakeeper')
    expect(shown()).toBe('Flow alarm at anchor')
    cleanup()
    for (const [user, tenant, place] of [
      [uuidv7(), 'demo', 'chat:seakeeper'],
      [userId, 'harbor', 'chat:seakeeper'],
      [userId, 'demo', 'chat:furuno'],
    ] as const) {
      renderDraft(user, tenant, place)
      expect(shown()).toBe('')
      cleanup()
    }
  })

  test("an emptied draft is no longer kept, and sign-out forgets only that user's drafts", async () => {
    const [userId, other] = [uuidv7(), uuidv7()]
    renderDraft(userId, 'demo', 'note:1')
    await userEvent.type(screen.getByRole('textbox', { name: 'Draft' }), 'x')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Draft' }))
    expect(localStorage.length).toBe(0)
    await userEvent.type(screen.getByRole('textbox', { name: 'Draft' }), 'Anode 80 % gone')
    cleanup()
    renderDraft(other, 'demo', 'note:1')
    await userEvent.type(screen.getByRole('textbox', { name: 'Draft' }), 'Kept')
    cleanup()

    act(() => forgetDrafts(userId))
    renderDraft(userId, 'demo', 'note:1')
    expect(shown()).toBe('')
    cleanup()
    renderDraft(other, 'demo', 'note:1')
    expect(shown()).toBe('Kept')
  })
})
