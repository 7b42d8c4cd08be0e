/**
 * Who is signed in, and their role per tenant. The last signed-in user remembered on this device
 * opens the app at once; GET /api/auth/user (no retry) then confirms them (401 = signed out). When
 * the network is down that user stays, so a technician at sea is never dropped to the landing page.
 */
import { type CurrentUser, currentUserSchema, DEFAULT_ROLE, type Role, roleAnswerSchema } from '@mw/sync-protocol'
import { create } from 'zustand'
import { lastSignedInUser, rememberedRole, rememberedUserNow, rememberRole, rememberSignIn } from '../db/session-db.ts'
import { ApiError, apiGetOrNull, apiRequest } from './api-client.ts'

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in' | 'failed'

interface SessionState {
  status: SessionStatus
  user: CurrentUser | null
  /** True when the user came from this device's memory because the server could not be reached. */
  offlineStart: boolean
  roles: Record<string, Role>
  load: () => Promise<void>
  loadRole: (tenant: string) => Promise<void>
}

export const useSessionStore = create<SessionState>((set, get) => ({
  status: 'loading',
  user: null,
  offlineStart: false,
  roles: {},

  load: async () => {
    const answer = apiGetOrNull('/api/auth/user', currentUserSchema, { timeoutMs: 8000 })
    // Read below, once the remembered user is known; a failure meanwhile is not unhandled.
    answer.catch(() => undefined)
    // The user this device remembers opens the app at once (a warm start waits on no request);
    // the server's answer then confirms them, replaces them or signs them out.
    const quick = rememberedUserNow()
    const remembered = quick ?? (await lastSignedInUser().catch(() => undefined))
    if (remembered) set({ status: 'signed-in', user: remembered, offlineStart: true })
    try {
      const user = await answer
      if (!user) {
        set({ status: 'signed-out', user: null, offlineStart: false })
        return
      }
      const same = remembered && JSON.stringify(remembered) === JSON.stringify(user)
      set({ status: 'signed-in', user: same ? remembered : user, offlineStart: false })
      // A device remembering the user only in IndexedDB (from before the quick copy) gets one too.
      if (!same || !quick) await rememberSignIn(user).catch(() => undefined)
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'network' || error.status >= 500)) {
        // Offline or a failing server: the remembered user, if any, stays signed in on this device.
        if (remembered) return
        if (error.code === 'network') {
          set({ status: 'signed-out', user: null })
          return
        }
      }
      set({ status: 'failed', user: null })
    }
  },

  loadRole: async (tenant) => {
    const user = get().user
    if (!user) return
    const known = (await rememberedRole(user.id, tenant).catch(() => undefined)) ?? null
    if (known && !get().roles[tenant]) set((s) => ({ roles: { ...s.roles, [tenant]: known } }))
    try {
      const { role } = await apiRequest('GET', `/api/t/${tenant}/user/role`, roleAnswerSchema, { timeoutMs: 8000 })
      set((s) => ({ roles: { ...s.roles, [tenant]: role } }))
      await rememberRole(user.id, tenant, role).catch(() => undefined)
    } catch {
      if (!known) set((s) => ({ roles: { ...s.roles, [tenant]: DEFAULT_ROLE } }))
    }
  },
}))

/** The role of the signed-in user in `tenant`; null until known (failure gives Technician). */
export function useRole(tenant: string): Role | null {
  return useSessionStore((s) => s.roles[tenant] ?? null)
}

export function useCurrentUser(): CurrentUser | null {
  return useSessionStore((s) => s.user)
}
