import type { Role } from '@mw/sync-protocol'
import { ApiError } from '../errors.ts'

/** Who is acting, in which tenant, with which role; every mutation and query takes one. */
export interface Actor {
  userId: string
  tenant: string
  role: Role
  /** The device a synced mutation came from; REST calls have none. */
  deviceId?: string
}

export const isManagerOrAdmin = (actor: Actor) => actor.role === 'Manager' || actor.role === 'Admin'

export function assertManagerOrAdmin(
  actor: Actor,
  message = 'Only managers and admins can change tenant settings.',
): void {
  if (!isManagerOrAdmin(actor)) throw new ApiError('forbidden', message)
}

export function assertAdmin(actor: Actor): void {
  if (actor.role !== 'Admin') {
    throw new ApiError('forbidden', 'Only administrators can manage user roles.')
  }
}
