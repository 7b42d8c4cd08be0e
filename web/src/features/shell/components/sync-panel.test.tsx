import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { useSyncStore } from '../../../sync/sync-store.ts'
import { SyncPanel } from './sync-panel.tsx'

afterEach(() => {
  cleanup()
  useSyncStore.setState({ online: true, syncNow: async () => false, pausedForAuth: null, signedOut: false })
})

test('Sync now with no network says it tried and that the changes stay on the device', async () => {
  useSyncStore.setState({ online: false, pending: 1, syncNow: async () => false })
  render(<SyncPanel open onOpenChange={() => {}} />)
  // jsdom has no modal dialogs: the panel's content is there but counts as hidden.
  await userEvent.click(screen.getByRole('button', { name: 'Sync now', hidden: true }))
  expect(
    await screen.findByText(
      'Tried just now: the server could not be reached. Changes stay on this device until it can.',
    ),
  ).toBeTruthy()
})

test('a session that ended offers Sign in, so the waiting changes can go', () => {
  useSyncStore.setState({ pending: 1, pausedForAuth: 'Sign in again to sync.', signedOut: true })
  render(<SyncPanel open onOpenChange={() => {}} />)
  expect(screen.getByRole('link', { name: 'Sign in', hidden: true }).getAttribute('href')).toBe('/api/login')
})
