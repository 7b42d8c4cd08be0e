import { render } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { ChatScreen } from '../components/chat-screen.tsx'

/** Renders the Seakeeper chat at `url` (under /t/demo/ask/seakeeper) over the user's local database. */
export function renderSeakeeperChat(userId: string, url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/t/:tenant/ask/seakeeper"
          element={
            <LocalDbProvider userId={userId} tenant="demo">
              <ChatScreen expert="seakeeper" />
            </LocalDbProvider>
          }
        />
      </Routes>
    </MemoryRouter>,
  )
}
