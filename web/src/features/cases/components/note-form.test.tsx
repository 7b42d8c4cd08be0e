import type { Case } from '@mw/sync-protocol'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, test } from 'vitest'
import { useToastStore } from '../../../components/ui/toast-store.ts'
import { openLocalDb } from '../../../db/local-db.ts'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { useSyncStore } from '../../../sync/sync-store.ts'
import { NoteForm } from './note-form.tsx'

afterEach(() => {
  cleanup()
  useSyncStore.setState({ online: true })
})

function renderForm(userId: string, caseId: string) {
  return render(
    <LocalDbProvider userId={userId} tenant="demo">
      <NoteForm caseId={caseId} />
    </LocalDbProvider>,
  )
}

async function renderNoteForm() {
  const userId = uuidv7()
  const db = openLocalDb(userId, 'demo')
  const row: Case = {
    id: uuidv7(),
    title: 'Gyro vibration',
    description: 'Vibration at low speed.',
    expert: 'seakeeper',
    status: 'Open',
    tags: [],
    createdBy: userId,
    assignedTo: null,
    conversationId: null,
    vessel: '',
    equipment: [],
    version: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  }
  await db.cases.put(row)
  renderForm(userId, row.id)
  return { db, row, userId }
}

describe('Add Notes', () => {
  test('stays disabled while blank, then appends a dated note after a blank line', async () => {
    const { db, row } = await renderNoteForm()
    const button = screen.getByRole('button', { name: 'Add Note' }) as HTMLButtonElement
    const note = screen.getByRole('textbox', { name: 'Note' })
    expect(button.disabled).toBe(true)
    await userEvent.type(note, '   \n  ')
    expect(button.disabled).toBe(true)
    await userEvent.type(note, 'Replaced the seal kit.')
    expect(button.disabled).toBe(false)
    await userEvent.click(button)

    await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Case updated'))
    const description = (await db.cases.get(row.id))?.description ?? ''
    expect(description).toMatch(/^Vibration at low speed\.\n\n\[[^\]]+\] Replaced the seal kit\.$/)
    expect((note as HTMLTextAreaElement).value).toBe('')
    expect(await db.outbox.count()).toBe(1)
  })

  test('offline, the toast says the note is saved on this device, not that the case was updated', async () => {
    useSyncStore.setState({ online: false })
    const { db } = await renderNoteForm()
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Checked the bilge pump.')
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }))
    await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Saved on this device, will sync'))
    expect(await db.outbox.count()).toBe(1)
  })

  test('a note typed but not added survives the page going away (a reload at sea), until it is added', async () => {
    const { row, userId } = await renderNoteForm()
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Impeller worn, replace next visit.')
    cleanup()

    renderForm(userId, row.id)
    const note = screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement
    expect(note.value).toBe('Impeller worn, replace next visit.')
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }))
    await waitFor(() => expect(note.value).toBe(''))
    cleanup()

    renderForm(userId, row.id)
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('')
  })
})
