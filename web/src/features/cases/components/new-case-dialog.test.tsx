import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, expect, test } from 'vitest'
import { openLocalDb } from '../../../db/local-db.ts'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { NewCaseDialog } from './new-case-dialog.tsx'

afterEach(cleanup)

const renderDialog = (userId: string) =>
  render(
    <MemoryRouter initialEntries={['/t/demo/cases']}>
      <LocalDbProvider userId={userId} tenant="demo">
        <Routes>
          <Route
            path="/t/:tenant/cases"
            element={
              <NewCaseDialog
                open
                onOpenChange={() => undefined}
                initial={{ title: '', expert: 'seakeeper', conversationId: null }}
              />
            }
          />
          <Route path="/t/:tenant/cases/:id" element={<p>Case page</p>} />
        </Routes>
      </LocalDbProvider>
    </MemoryRouter>,
  )
const description = () => screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement

test('a new case description typed but not created survives a reload, and is gone once the case is created', async () => {
  const userId = uuidv7()
  renderDialog(userId)
  await userEvent.type(await screen.findByRole('textbox', { name: 'Description' }), 'Port fin weeping oil at the seal')
  cleanup()

  renderDialog(userId)
  await screen.findByRole('textbox', { name: 'Description' })
  expect(description().value).toBe('Port fin weeping oil at the seal')
  await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Fin actuator leak')
  await userEvent.click(screen.getByRole('button', { name: 'Create Case' }))
  await screen.findByText('Case page')
  expect((await openLocalDb(userId, 'demo').cases.toArray()).map((c) => c.description)).toEqual([
    'Port fin weeping oil at the seal',
  ])
  cleanup()

  renderDialog(userId)
  await screen.findByRole('textbox', { name: 'Description' })
  expect(description().value).toBe('')
})
