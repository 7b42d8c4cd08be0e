import type { Assignment, CurrentUser, TrainingSet } from '@mw/sync-protocol'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, expect, test } from 'vitest'
import { openLocalDb } from '../db/local-db.ts'
import { LocalDbProvider } from '../db/local-db-context.tsx'
import { useSessionStore } from '../lib/session-store.ts'
import { MyTraining } from './my-training.tsx'

afterEach(cleanup)

test('a set assigned both to me and to my role shows twice, each row saying which assignment it is', async () => {
  const userId = uuidv7()
  const user: CurrentUser = {
    id: userId,
    email: 'tech@demo.local',
    firstName: 'Taylor',
    lastName: 'Tech',
    profileImageUrl: null,
    claims: { sub: userId },
    tenants: [{ slug: 'demo', name: 'Demo', role: 'Technician' }],
  }
  useSessionStore.setState({ user, roles: { demo: 'Technician' } })
  const db = openLocalDb(userId, 'demo')
  const set: TrainingSet = {
    id: uuidv7(),
    title: 'Gyro stabilizer fundamentals',
    description: '',
    expert: 'seakeeper',
    questions: [],
    status: 'published',
    version: 1,
    createdBy: uuidv7(),
    createdAt: '2026-11-01T10:00:00.000Z',
  }
  const assignment = (to: Pick<Assignment, 'assignedToRole' | 'assignedToId'>, completed: boolean): Assignment => ({
    id: uuidv7(),
    setId: set.id,
    dueDate: null,
    completed,
    score: completed ? 80 : null,
    createdAt: '2026-11-02T10:00:00.000Z',
    ...to,
  })
  await db.trainingSets.put(set)
  await db.assignments.bulkPut([
    assignment({ assignedToRole: 'Technician', assignedToId: null }, false),
    assignment({ assignedToRole: null, assignedToId: userId }, true),
  ])

  render(
    <MemoryRouter initialEntries={['/t/demo/training']}>
      <Routes>
        <Route
          path="/t/:tenant/training"
          element={
            <LocalDbProvider userId={userId} tenant="demo">
              <MyTraining />
            </LocalDbProvider>
          }
        />
      </Routes>
    </MemoryRouter>,
  )
  const rows = await within(await screen.findByRole('list', { name: 'My training' })).findAllByRole('link')
  expect(rows.map((r) => r.textContent)).toEqual([
    expect.stringMatching(/To do.*Assigned to all Technicians/),
    expect.stringMatching(/Completed · 80%.*Assigned to you/),
  ])
})
