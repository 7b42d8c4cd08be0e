import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, expect, test } from 'vitest'
import { openLocalDb } from '../../../db/local-db.ts'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { TakeTrainingPage } from './take-training-page.tsx'

afterEach(cleanup)

test('an image question is checked only once every label has a guess: checking shows the answers', async () => {
  const userId = uuidv7()
  const db = openLocalDb(userId, 'demo')
  const setId = uuidv7()
  const assignmentId = uuidv7()
  const at = new Date().toISOString()
  await db.trainingSets.put({
    id: setId,
    title: 'Gyro parts',
    description: '',
    expert: 'seakeeper',
    status: 'published',
    version: 1,
    createdBy: userId,
    createdAt: at,
    questions: [
      {
        type: 'image-label',
        question: 'Label the gyro',
        imageUrl: '/training/gyro-diagram.svg',
        labelPoints: [
          { x: 10, y: 10, label: 'Flywheel' },
          { x: 50, y: 50, label: 'Gimbal' },
        ],
      },
    ],
  })
  await db.assignments.put({
    id: assignmentId,
    setId,
    dueDate: null,
    assignedToRole: null,
    assignedToId: userId,
    completed: false,
    score: null,
    createdAt: at,
  })
  render(
    <MemoryRouter initialEntries={[`/t/demo/training/take/${assignmentId}`]}>
      <LocalDbProvider userId={userId} tenant="demo">
        <Routes>
          <Route path="/t/:tenant/training/take/:assignmentId" element={<TakeTrainingPage />} />
        </Routes>
      </LocalDbProvider>
    </MemoryRouter>,
  )
  const check = await screen.findByRole('button', { name: 'Check labels' })
  expect((check as HTMLButtonElement).disabled).toBe(true)
  await userEvent.type(screen.getByRole('textbox', { name: 'Label 1' }), 'Flywheel')
  expect((check as HTMLButtonElement).disabled).toBe(true)
  await userEvent.type(screen.getByRole('textbox', { name: 'Label 2' }), 'Gimbal')
  expect((check as HTMLButtonElement).disabled).toBe(false)
  expect(screen.queryByText('Answer: Flywheel')).toBeNull()
  await userEvent.click(check)
  await screen.findByText('Answer: Flywheel')
})
