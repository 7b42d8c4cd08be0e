import type { Insertable, Selectable } from 'kysely'

export interface UserTable {
  id: string
  email: string
  first_name: string | null
  last_name: string | null
  profile_image_url: string | null
  /** `iss|sub` of the OpenID Connect identity; null for users who only sign in locally. */
  oidc_subject: string | null
  created_at: string
}
export type UserRow = Selectable<UserTable>
export type InsertableUserRow = Insertable<UserTable>

export interface MembershipTable {
  tenant_slug: string
  user_id: string
  role: string
  /** Change-log version of the last role change: a pull cursor older than this re-downloads, because what the user may see changed. */
  scope_version: number
  created_at: string
  /** Set while an Admin has deactivated the member: no access, role and history kept. */
  deactivated_at: string | null
}
export type MembershipRow = Selectable<MembershipTable>

export interface SessionTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id_hash: string
  user_id: string
  id_token: string | null
  created_at: string
  expires_at: string
}

export interface LoginStateTable {
  state: string
  code_verifier: string
  nonce: string
  return_to: string
  created_at: string
}
