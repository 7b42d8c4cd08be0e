import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, test, vi } from 'vitest'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { DocumentViewer } from './document-viewer.tsx'

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  ),
)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('a cited manual not kept on the device says how to have it at sea, and Back leads out', async () => {
  render(
    <MemoryRouter initialEntries={['/t/demo/ask/seakeeper', `/t/demo/documents/${uuidv7()}?page=3`]} initialIndex={1}>
      <LocalDbProvider userId={uuidv7()} tenant="demo">
        <Routes>
          <Route path="/t/:tenant/ask/seakeeper" element={<p>Seakeeper chat</p>} />
          <Route path="/t/:tenant/documents/:id" element={<DocumentViewer />} />
        </Routes>
      </LocalDbProvider>
    </MemoryRouter>,
  )
  await screen.findByText(/Download for offline use on the expert's screen/)
  await userEvent.click(screen.getByRole('button', { name: 'Back' }))
  await screen.findByText('Seakeeper chat')
})
