import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { useSyncStore } from '../../../sync/sync-store.ts'
import { SyncIndicator } from './sync-indicator.tsx'

afterEach(() => {
  cleanup()
  useSyncStore.setState({ pausedForAuth: null })
})

describe('sync indicator', () => {
  test.each([
    ['Sign in again to sync.', 'Sign in again to sync'],
    // A workspace the user is not (or no longer) a member of: signing in again would not help.
    ['You no longer have access to this workspace.', 'You no longer have access to this workspace'],
  ])('a paused sync (%s) says why', (reason, label) => {
    useSyncStore.setState({ pausedForAuth: reason })
    render(<SyncIndicator expanded />)
    expect(screen.getByRole('button', { name: `Sync status: ${label}` }).textContent).toBe(label)
  })
})
