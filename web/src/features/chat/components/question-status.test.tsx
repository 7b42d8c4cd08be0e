import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { useToastStore } from '../../../components/ui/toast-store.ts'
import { useSyncStore } from '../../../sync/sync-store.ts'
import { QuestionStatus } from './question-status.tsx'

afterEach(() => {
  cleanup()
  useToastStore.setState({ current: null })
  useSyncStore.setState({ online: true, syncNow: async () => false })
})

const renderUnsent = () =>
  render(<QuestionStatus unsent unanswered={false} streaming={false} outcome={undefined} onAskAgain={() => {}} />)

test('Retry now with still no network says so, instead of seeming to do nothing', async () => {
  let tries = 0
  useSyncStore.setState({
    online: false,
    syncNow: async () => {
      tries++
      return false
    },
  })
  renderUnsent()
  await userEvent.click(screen.getByRole('button', { name: 'Retry now' }))
  expect(tries).toBe(1)
  expect(useToastStore.getState().current).toMatchObject({
    title: "You're offline",
    description: 'Messages will send when connection is restored.',
  })
})

test('Retry now that reaches the server says nothing more: the question simply goes', async () => {
  useSyncStore.setState({ syncNow: async () => true })
  renderUnsent()
  await userEvent.click(screen.getByRole('button', { name: 'Retry now' }))
  expect(useToastStore.getState().current).toBeNull()
})
