import type { Role } from '@mw/sync-protocol'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, expect, test } from 'vitest'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { useSessionStore } from '../../../lib/session-store.ts'
import { CasesPage } from './cases-page.tsx'

afterEach(() => {
  cleanup()
  useSessionStore.setState({ roles: {} })
})

const renderAs = (role: Role) => {
  useSessionStore.setState({ roles: { demo: role } })
  render(
    <MemoryRouter initialEntries={['/t/demo/cases']}>
      <LocalDbProvider userId={uuidv7()} tenant="demo">
        <Routes>
          <Route path="/t/:tenant/cases" element={<CasesPage />} />
        </Routes>
      </LocalDbProvider>
    </MemoryRouter>,
  )
}

test('a technician reads that the list holds their own cases, with no word like "tenant"', async () => {
  renderAs('Technician')
  await screen.findByText('Your service cases, newest first.')
  expect(document.body.textContent).not.toMatch(/tenant/i)
})

test("a manager reads that the list holds the workspace's cases", async () => {
  renderAs('Manager')
  await screen.findByText('Service cases of this workspace, newest first.')
  expect(document.body.textContent).not.toMatch(/tenant/i)
})
