import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, expect, test } from 'vitest'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { SignatureCard } from './signature-card.tsx'

afterEach(cleanup)

test('focus moves into the signature pad when it opens and back to its button when it closes', async () => {
  render(
    <MemoryRouter initialEntries={['/t/demo/cases/1']}>
      <Routes>
        <Route
          path="/t/:tenant/cases/:id"
          element={
            <LocalDbProvider userId={uuidv7()} tenant="demo">
              <SignatureCard caseId={uuidv7()} files={[]} />
            </LocalDbProvider>
          }
        />
      </Routes>
    </MemoryRouter>,
  )
  await userEvent.click(screen.getByRole('button', { name: 'Capture signature' }))
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Capture signature' }))
})
