import type { Role, TenantUser } from '@mw/sync-protocol'
import { type Actor, assertAdmin } from '../auth/actor.ts'
import type { Db } from '../db/database.ts'
import { recordChange, recordChangeVersion } from '../db/queries/change-log.ts'
import {
  deleteMembership,
  findTenantUser,
  lockTenant,
  setMembershipDeactivated,
  upsertMembership,
} from '../db/queries/tenants.ts'
import { endUserSessions, findUserByEmail, insertUser, isMemberElsewhere } from '../db/queries/users.ts'
import { ApiError, notFound } from '../errors.ts'
import { newId } from '../lib/ids.ts'
import { stripHtml } from '../lib/sanitize.ts'
import { now } from '../lib/time.ts'
import type { MutationOutcome } from './outcome.ts'

export interface NewMember {
  email: string
  firstName?: string | null
  lastName?: string | null
}

/**
 * Adds (or re-roles) a user in a tenant, creating the user by e-mail if needed. With an identity
 * provider the account is linked at the user's first sign-in, by this verified e-mail.
 */
export async function addMember(db: Db, tenant: string, user: NewMember, role: Role): Promise<string> {
  const existing = await findUserByEmail(db, user.email)
  const id = existing?.id ?? newId()
  if (!existing) {
    await insertUser(db, {
      id,
      email: user.email,
      first_name: user.firstName ? stripHtml(user.firstName) : null,
      last_name: user.lastName ? stripHtml(user.lastName) : null,
      profile_image_url: null,
      oidc_subject: null,
      created_at: now(),
    })
  }
  const version = await recordChangeVersion(db, tenant, 'tenantUser', id)
  await upsertMembership(db, { tenant, userId: id, role, scopeVersion: version, at: now() })
  return id
}

/** An Admin adds someone to the tenant by e-mail, with a role. */
export async function inviteMember(
  trx: Db,
  actor: Actor,
  args: NewMember & { role: Role },
): Promise<MutationOutcome<TenantUser>> {
  assertAdmin(actor)
  const email = args.email.trim().toLowerCase()
  const known = await findUserByEmail(trx, email)
  if (known && (await findTenantUser(trx, actor.tenant, known.id))) {
    throw new ApiError('conflict', `${email} is already a member of this workspace.`, { field: 'email' })
  }
  const id = await addMember(trx, actor.tenant, { ...args, email }, args.role)
  const user = await findTenantUser(trx, actor.tenant, id)
  if (!user) throw new Error(`member ${id} vanished inside its own transaction`)
  return { status: 'applied', value: user }
}

/**
 * The author of a change to people is an active Admin as the change is written, not only as the
 * request came in: two Admins demoting or removing each other at once would otherwise leave the
 * workspace with none. The tenant's row stays locked until the change commits.
 */
export async function assertStillAdmin(trx: Db, actor: Actor): Promise<void> {
  assertAdmin(actor)
  await lockTenant(trx, actor.tenant)
  const self = await findTenantUser(trx, actor.tenant, actor.userId)
  if (self?.role !== 'Admin' || self.deactivatedAt) {
    throw new ApiError('forbidden', 'Only administrators can manage user roles.')
  }
}

/**
 * Sessions are not per workspace: ending them signs a person out of every workspace. One Admin
 * does that only to someone who works in no other (anyone can be added by e-mail); for the others
 * the membership check on every request ends access to this workspace alone.
 */
async function endSessionsIfOnlyHere(trx: Db, tenant: string, userId: string): Promise<void> {
  if (!(await isMemberElsewhere(trx, tenant, userId))) await endUserSessions(trx, userId)
}

/** An Admin removes someone from the tenant; their sessions end at once. Never themselves. */
export async function removeMember(trx: Db, actor: Actor, args: { userId: string }): Promise<MutationOutcome<null>> {
  await assertStillAdmin(trx, actor)
  if (args.userId === actor.userId) throw new ApiError('forbidden', 'You cannot remove yourself from the workspace.')
  if (!(await findTenantUser(trx, actor.tenant, args.userId))) throw notFound('The user')
  await deleteMembership(trx, actor.tenant, args.userId)
  await recordChange(trx, actor.tenant, 'tenantUser', args.userId, 'delete')
  await endSessionsIfOnlyHere(trx, actor.tenant, args.userId)
  return { status: 'applied', value: null }
}

/** An Admin deactivates a member (no access, every session ended at once; role and history kept) or reactivates them. */
export async function setMemberActive(
  trx: Db,
  actor: Actor,
  args: { userId: string; active: boolean },
): Promise<MutationOutcome<TenantUser>> {
  await assertStillAdmin(trx, actor)
  if (args.userId === actor.userId) throw new ApiError('forbidden', 'You cannot deactivate yourself.')
  if (!(await findTenantUser(trx, actor.tenant, args.userId))) throw notFound('The user')
  await setMembershipDeactivated(trx, actor.tenant, args.userId, args.active ? null : now())
  await recordChange(trx, actor.tenant, 'tenantUser', args.userId)
  if (!args.active) await endSessionsIfOnlyHere(trx, actor.tenant, args.userId)
  const user = await findTenantUser(trx, actor.tenant, args.userId)
  if (!user) throw new Error(`member ${args.userId} vanished inside its own transaction`)
  return { status: 'applied', value: user }
}
