import type { CurrentUser } from '@mw/sync-protocol'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { forgetCurrentUser, rememberedUserNow, rememberRole, rememberSignIn } from '../db/session-db.ts'
import { useSessionStore } from './session-store.ts'

const fetchMock = vi.fn<typeof fetch>()
const makeUser = (): CurrentUser => {
  const id = uuidv7()
  return {
    id,
    firstName: 'Taylor',
    lastName: 'Tech',
    email: 'tech@demo.local',
    profileImageUrl: null,
    claims: { sub: id },
    tenants: [{ slug: 'demo', name: 'Marine Workbench', role: 'Technician' }],
  }
}
const offline = () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock)
  await forgetCurrentUser()
  useSessionStore.setState({ status: 'loading', user: null, roles: {}, offlineStart: false })
})
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
})

describe('who is signed in', () => {
  test('a 401 means signed out', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: 'unauthorized', message: 'Sign in.' } }, { status: 401 }),
    )
    await useSessionStore.getState().load()
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', user: null })
  })

  test('a signed-in user is remembered, and an offline start uses them instead of the landing page', async () => {
    const user = makeUser()
    fetchMock.mockResolvedValueOnce(Response.json(user))
    await useSessionStore.getState().load()
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', user, offlineStart: false })

    useSessionStore.setState({ status: 'loading', user: null })
    offline()
    await useSessionStore.getState().load()
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', user, offlineStart: true })
  })

  test('a remembered user is signed in before the server answers, which then confirms them or signs them out', async () => {
    const user = makeUser()
    fetchMock.mockResolvedValueOnce(Response.json(user))
    await useSessionStore.getState().load()
    useSessionStore.setState({ status: 'loading', user: null })

    let answer: (res: Response) => void = () => {}
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)))
    const loading = useSessionStore.getState().load()
    // No await yet: the copy in localStorage signs the user in synchronously.
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', user: { id: user.id }, offlineStart: true })
    answer(Response.json({ error: { code: 'unauthorized', message: 'Sign in.' } }, { status: 401 }))
    await loading
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', user: null })
  })

  test('a device that remembers the user only in IndexedDB gets the quick copy at the next confirmation', async () => {
    const user = makeUser()
    await rememberSignIn(user)
    localStorage.clear() // as a device updated from before the quick copy
    fetchMock.mockResolvedValueOnce(Response.json(user))
    await useSessionStore.getState().load()
    expect(rememberedUserNow()?.id).toBe(user.id)
  })

  test('signing out forgets the quick copy too', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(makeUser()))
    await useSessionStore.getState().load()
    await forgetCurrentUser()
    useSessionStore.setState({ status: 'loading', user: null })
    offline()
    await useSessionStore.getState().load()
    expect(useSessionStore.getState().status).toBe('signed-out')
  })

  test('offline with nobody remembered shows the landing page', async () => {
    offline()
    await useSessionStore.getState().load()
    expect(useSessionStore.getState().status).toBe('signed-out')
  })

  test('a server failure with nobody remembered is a start-up failure', async () => {
    fetchMock.mockResolvedValue(new Response('boom', { status: 500 }))
    await useSessionStore.getState().load()
    expect(useSessionStore.getState().status).toBe('failed')
  })

  test('the role defaults to Technician when the role call fails, and uses the remembered role offline', async () => {
    const user = makeUser()
    useSessionStore.setState({ status: 'signed-in', user })
    offline()
    await useSessionStore.getState().loadRole('demo')
    expect(useSessionStore.getState().roles.demo).toBe('Technician')

    await rememberRole(user.id, 'harbor', 'Manager')
    await useSessionStore.getState().loadRole('harbor')
    expect(useSessionStore.getState().roles.harbor).toBe('Manager')

    fetchMock.mockResolvedValueOnce(Response.json({ role: 'Admin' }))
    await useSessionStore.getState().loadRole('demo')
    expect(useSessionStore.getState().roles.demo).toBe('Admin')
  })
})
