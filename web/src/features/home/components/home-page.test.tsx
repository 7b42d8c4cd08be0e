import type { Role } from '@mw/sync-protocol'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, expect, test } from 'vitest'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { useSessionStore } from '../../../lib/session-store.ts'
import { HomePage } from './home-page.tsx'

afterEach(() => {
  cleanup()
  useSessionStore.setState({ roles: {} })
})

const trainingCard = async (role: Role) => {
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
  return (await screen.findByRole('link', { name: /^Training/ })).textContent
}

test('a technician is told the Training card is where their assigned training is', async () => {
  expect(await trainingCard('Technician')).toBe('TrainingTake the training assigned to you')
})

test('a manager is told the Training card builds and assigns training', async () => {
  expect(await trainingCard('Manager')).toBe('TrainingBuild and assign training sets')
})
