import type { CurrentUser, TenantUser } from '@mw/sync-protocol'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, describe, expect, test } from 'vitest'
import { openLocalDb } from '../../../db/local-db.ts'
import { LocalDbProvider } from '../../../db/local-db-context.tsx'
import { useSessionStore } from '../../../lib/session-store.ts'
import { AdminPage } from './admin-page.tsx'
import { toLogoLetters } from './branding-tab.tsx'

const user = (email: string, role: TenantUser['role']): TenantUser => ({
  id: uuidv7(),
  firstName: email.split('@')[0] ?? null,
  lastName: null,
  email,
  role,
  createdAt: '2026-01-01T00:00:00.000Z',
  profileImageUrl: null,
})

async function renderAdmin(role: TenantUser['role']) {
  const me = user(`${role.toLowerCase()}@demo.local`, role)
  const other = user('tech@demo.local', 'Technician')
  const db = openLocalDb(me.id, 'demo')
  await db.tenantUsers.bulkPut([me, other])
  const current: CurrentUser = { ...me, claims: { sub: me.id }, tenants: [{ slug: 'demo', name: 'Demo', role }] }
  useSessionStore.setState({ status: 'signed-in', user: current, roles: { demo: role } })
  render(
    <MemoryRouter initialEntries={['/t/demo/admin']}>
      <Routes>
        <Route
          path="/t/:tenant/admin"
          element={
            <LocalDbProvider userId={me.id} tenant="demo">
              <AdminPage />
            </LocalDbProvider>
          }
        />
        <Route path="/t/:tenant" element={<h1>Home</h1>} />
      </Routes>
    </MemoryRouter>,
  )
  return { me, other }
}

afterEach(cleanup)

describe('admin settings rules', () => {
  test('an admin changes others’ roles but never their own', async () => {
    const { me, other } = await renderAdmin('Admin')
    await userEvent.click(screen.getByRole('tab', { name: 'Users' }))
    const ownRow = (await screen.findByRole('cell', { name: me.email })).closest('tr') as HTMLElement
    const otherRow = screen.getByRole('cell', { name: other.email }).closest('tr') as HTMLElement
    expect((within(ownRow).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true)
    expect((within(otherRow).getByRole('combobox') as HTMLSelectElement).disabled).toBe(false)
  })

  test('a manager sees the Users tab locked', async () => {
    await renderAdmin('Manager')
    await userEvent.click(screen.getByRole('tab', { name: 'Users' }))
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeTruthy()
    expect(screen.getByText('Only administrators can manage user roles.')).toBeTruthy()
    expect(screen.queryByRole('combobox')).toBeNull()
  })

  test('a technician is sent to the tenant home', async () => {
    await renderAdmin('Technician')
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy()
  })

  test('logo letters are at most 2 and upper case, as typed', async () => {
    await renderAdmin('Manager')
    const letters = (await screen.findByRole('textbox', { name: 'Logo letters' })) as HTMLInputElement
    await userEvent.type(letters, 'sea')
    expect(letters.value).toBe('SE')
    expect(toLogoLetters('mwx')).toBe('MW')
  })

  test('the model form bounds temperature 0-2 step 0.1 and tokens 100-4000; System shows the version', async () => {
    await renderAdmin('Admin')
    await userEvent.click(screen.getByRole('tab', { name: 'Expert Models' }))
    const [temperature] = await screen.findAllByRole('spinbutton', { name: 'Temperature' })
    const [tokens] = screen.getAllByRole('spinbutton', { name: 'Max output tokens' })
    expect([
      temperature?.getAttribute('min'),
      temperature?.getAttribute('max'),
      temperature?.getAttribute('step'),
    ]).toEqual(['0', '2', '0.1'])
    expect([tokens?.getAttribute('min'), tokens?.getAttribute('max')]).toEqual(['100', '4000'])
    await userEvent.click(screen.getByRole('tab', { name: 'System' }))
    expect(screen.getByText('v1.0.0')).toBeTruthy()
    expect(screen.getByText('Production')).toBeTruthy()
  })
})
