import type { CurrentUser } from '@mw/sync-protocol'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useSessionStore } from '../lib/session-store.ts'
import { stubViewport } from '../test/viewport.ts'
import { AppRoutes } from './router.tsx'

const USER: CurrentUser = {
  id: '0190f5a2-7b3c-7d4e-8f00-0000000000aa',
  firstName: 'Taylor',
  lastName: 'Tech',
  email: 'tech@demo.local',
  profileImageUrl: null,
  claims: { sub: '0190f5a2-7b3c-7d4e-8f00-0000000000aa' },
  tenants: [{ slug: 'demo', name: 'Marine Workbench', role: 'Technician' }],
}

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Where />
    </MemoryRouter>,
  )
}

beforeEach(() => {
  // A wide screen, where the navigation is no drawer.
  stubViewport()
  // The role call answers; the sync loop's calls find no network (the shell must not care).
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/user/role')) return Response.json({ role: 'Technician' })
      throw new TypeError('Failed to fetch')
    }),
  )
  useSessionStore.setState({ status: 'signed-in', user: USER, roles: {}, offlineStart: false })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('routes', () => {
  test('/ goes to the demo tenant home', async () => {
    renderAt('/')
    expect(await screen.findByRole('heading', { name: 'Welcome back, Taylor' })).toBeTruthy()
    expect(screen.getByTestId('path').textContent).toBe('/t/demo')
  })

  test.each(['/', '/t'])('%s takes a member of another company only to their own workspace', async (path) => {
    const tenants = [{ slug: 'harbor', name: 'Harbor Marine Services', role: 'Technician' as const }]
    useSessionStore.setState({ user: { ...USER, tenants } })
    renderAt(path)
    expect(await screen.findByRole('heading', { name: 'Welcome back, Taylor' })).toBeTruthy()
    expect(screen.getByTestId('path').textContent).toBe('/t/harbor')
  })

  test('/ goes to the demo tenant when signed out (its landing page)', async () => {
    useSessionStore.setState({ status: 'signed-out', user: null })
    renderAt('/')
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy()
    expect(screen.getByTestId('path').textContent).toBe('/t/demo')
  })

  test.each(['/t/demo/cases', '/t/demo/cases/', '/T/Demo/CASES', '/t/DEMO/Cases/'])(
    'matches %s case-insensitively, trailing slash or not',
    async (path) => {
      renderAt(path)
      expect(await screen.findByRole('heading', { name: 'Cases' })).toBeTruthy()
      expect(screen.getByRole('option', { name: 'All Status' })).toBeTruthy()
    },
  )

  test.each(['/t/demo/nowhere', '/t/demo/cases/1/2', '/elsewhere', '/api-docs'])(
    'shows Page Not Found at %s',
    async (path) => {
      renderAt(path)
      expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy()
      expect(screen.getByText('Please check the URL and try again.')).toBeTruthy()
    },
  )

  test.each(['/t/harbor', '/t/harbor/cases', '/T/HARBOR/admin'])(
    '%s, a workspace the user is not a member of, shows Page Not Found with a way home',
    async (path) => {
      renderAt(path)
      expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/t/demo')
      expect(screen.queryByRole('navigation')).toBeNull()
    },
  )

  test('the master expert is a Coming Soon page', async () => {
    renderAt('/t/demo/ask/master')
    expect(await screen.findByRole('heading', { name: /Master Expert/ })).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true)
  })

  test('a technician opening admin is sent to the tenant home', async () => {
    renderAt('/t/demo/admin')
    expect(await screen.findByRole('heading', { name: 'Welcome back, Taylor' })).toBeTruthy()
    expect(screen.getByTestId('path').textContent).toBe('/t/demo')
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull()
  })

  test('signed out, every tenant route shows the landing page', async () => {
    useSessionStore.setState({ status: 'signed-out', user: null })
    renderAt('/t/demo/cases')
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy()
    for (const feature of ['AI Expert Assistance', 'Case Management', 'Training Modules', 'Mobile-First']) {
      expect(screen.getByRole('heading', { name: feature })).toBeTruthy()
    }
  })

  test('while the user loads a spinner shows; a failed start shows the failure', () => {
    useSessionStore.setState({ status: 'loading', user: null })
    const { unmount } = renderAt('/t/demo')
    expect(screen.getByText('Loading Marine Workbench')).toBeTruthy()
    unmount()
    useSessionStore.setState({ status: 'failed', user: null })
    renderAt('/t/demo')
    expect(screen.getByRole('heading', { name: 'Failed to load application' })).toBeTruthy()
  })
})
