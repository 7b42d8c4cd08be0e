import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, test } from 'vitest'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { useSessionStore } from '../../../lib/session-store.ts'
import { TakeTrainingPage } from './take-training-page.tsx'
import { TrainingEditorPage } from './training-editor-page.tsx'

afterEach(() => {
  cleanup()
  useSessionStore.setState({ roles: {} })
})

// An installed app has no browser Back button: each of these screens offers the way out itself.
const openAt = (path: string, pattern: string, screenElement: ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <LocalDbProvider userId={uuidv7()} tenant="demo">
        <Routes>
          <Route path={pattern} element={screenElement} />
          <Route path="/t/:tenant/training" element={<p>Training page</p>} />
        </Routes>
      </LocalDbProvider>
    </MemoryRouter>,
  )

test('training not on this device leads back to Training', async () => {
  openAt(`/t/demo/training/take/${uuidv7()}`, '/t/:tenant/training/take/:assignmentId', <TakeTrainingPage />)
  await screen.findByText('Training not on this device')
  await userEvent.click(screen.getByRole('link', { name: 'Back to training' }))
  await screen.findByText('Training page')
})

test('a training set that is not found leads back to Training', async () => {
  useSessionStore.setState({ roles: { demo: 'Manager' } })
  openAt(`/t/demo/training/sets/${uuidv7()}`, '/t/:tenant/training/sets/:id', <TrainingEditorPage />)
  await screen.findByText('Training set not found')
  await userEvent.click(screen.getByRole('link', { name: 'Back to training' }))
  await screen.findByText('Training page')
})
