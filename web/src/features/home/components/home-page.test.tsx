import type { Role } from '@mw/sync-protocol'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, expect, test, vi } from 'vitest'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { listenForInstallPrompt } from '../../../lib/install-prompt.ts'
import { useSessionStore } from '../../../lib/session-store.ts'
import { HomePage } from './home-page.tsx'

afterEach(() => {
  cleanup()
  useSessionStore.setState({ roles: {} })
})

const renderHome = (role: Role) => {
  useSessionStore.setState({ roles: { demo: role } })
  render(
    <MemoryRouter initialEntries={['/t/demo']}>
      <LocalDbProvider userId={uuidv7()} tenant="demo">
        <Routes>
          <Route path="/t/:tenant" element={<HomePage />} />
        </Routes>
      </LocalDbProvider>
    </MemoryRouter>,
  )
}

const trainingCard = async (role: Role) => {
  renderHome(role)
  return (await screen.findByRole('link', { name: /^Training/ })).textContent
}

test('a technician is told the Training card is where their assigned training is', async () => {
  expect(await trainingCard('Technician')).toBe('TrainingTake the training assigned to you')
})

test('a manager is told the Training card builds and assigns training', async () => {
  expect(await trainingCard('Manager')).toBe('TrainingBuild and assign training sets')
})

test('offers to install the app while the browser allows it, and asks the browser once', async () => {
  listenForInstallPrompt()
  renderHome('Technician')
  await screen.findByText('Welcome back, User')
  expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()

  const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  })
  window.dispatchEvent(offer)
  // The browser's own banner gives way to the button.
  expect(offer.defaultPrevented).toBe(true)
  await userEvent.click(await screen.findByRole('button', { name: 'Install app' }))
  expect(offer.prompt).toHaveBeenCalledTimes(1)
  expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
})
