import { ROLES, type Role } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { Badge } from '../../../components/ui/badge.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { displayName } from '../../../lib/display-name.ts'
import { useCurrentUser } from '../../../lib/session-store.ts'
import { awaitMutationResult } from '../../../sync/await-result.ts'
import { changeUserRole } from '../actions.ts'
import { reportSaveResult, SAVE_WAIT_MS } from '../hooks/report-save-result.ts'
import { AddMemberForm, MemberStatusButton, RemoveMemberButton } from './member-forms.tsx'

/** Tenant users with a role selector; only admins may use it, and nobody may change their own role. */
export function UsersTab({ isAdmin }: { isAdmin: boolean }) {
  const db = useLocalDb()
  const me = useCurrentUser()
  const users = useLiveQuery(
    async () => (await db.tenantUsers.toArray()).sort((a, b) => a.email.localeCompare(b.email)),
    [db],
  )

  if (!isAdmin) {
    return <EmptyState title="Admin Access Required" text="Only administrators can manage user roles." />
  }
  if (users === undefined) return <Skeleton />

  const change = async (userId: string, role: Role) => {
    try {
      const { mid } = await changeUserRole(db, userId, role)
      reportSaveResult(
        await awaitMutationResult(db, mid, { timeoutMs: SAVE_WAIT_MS }),
        'Role updated',
        'Failed to update user role',
      )
    } catch {
      errorToast('Update failed', 'Failed to update user role')
    }
  }

  return (
    <section className="card" aria-labelledby="users-title">
      <h2 id="users-title">Users</h2>
      <AddMemberForm />
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => {
              const own = u.id === me?.id
              return (
                <tr key={u.id}>
                  <td>
                    <span className="user-cell">
                      {u.profileImageUrl ? (
                        <img className="avatar" src={u.profileImageUrl} alt="" />
                      ) : (
                        <span className="avatar avatar-fallback" aria-hidden="true">
                          {displayName(u).slice(0, 1).toUpperCase()}
                        </span>
                      )}
                      {displayName(u)}
                      {own && <span className="muted"> (you)</span>}
                      {u.deactivatedAt && <Badge variant="secondary">Deactivated</Badge>}
                    </span>
                  </td>
                  <td>{u.email}</td>
                  <td>
                    <select
                      className="select"
                      aria-label={`Role of ${displayName(u)}`}
                      value={u.role}
                      disabled={own}
                      title={own ? 'You cannot change your own role.' : undefined}
                      onChange={(e) => void change(u.id, e.target.value as Role)}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {!own && (
                      <span className="row-actions">
                        <MemberStatusButton userId={u.id} name={displayName(u)} active={!u.deactivatedAt} />
                        <RemoveMemberButton userId={u.id} name={displayName(u)} />
                      </span>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
