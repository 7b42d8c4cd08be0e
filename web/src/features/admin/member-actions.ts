import { type Role, tenantUserSchema } from '@mw/sync-protocol'
import { apiFetch, apiRequest } from '../../lib/api-client.ts'

/**
 * Adding and removing members happens on the server at once (a person's access is not a change to
 * queue at sea); the device hears of it at its next pull.
 */
export const inviteMember = (
  tenant: string,
  member: { email: string; firstName: string; lastName: string; role: Role },
) =>
  apiRequest('POST', `/api/t/${tenant}/admin/users`, tenantUserSchema, {
    body: {
      email: member.email.trim(),
      role: member.role,
      ...(member.firstName.trim() ? { firstName: member.firstName.trim() } : {}),
      ...(member.lastName.trim() ? { lastName: member.lastName.trim() } : {}),
    },
    idempotencyKey: crypto.randomUUID(),
    timeoutMs: 15000,
  })

export const removeMember = (tenant: string, userId: string) =>
  apiFetch('DELETE', `/api/t/${tenant}/admin/users/${userId}`, {
    idempotencyKey: crypto.randomUUID(),
    timeoutMs: 15000,
  })

export const setMemberActive = (tenant: string, userId: string, active: boolean) =>
  apiRequest('PUT', `/api/t/${tenant}/admin/users/${userId}/status`, tenantUserSchema, {
    body: { active },
    timeoutMs: 15000,
  })
