import type { Role, TenantUser, TrainingSet } from '@mw/sync-protocol'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { displayName } from '../../../lib/display-name.ts'
import { errorText } from '../../../lib/error-text.ts'
import { savedToast } from '../../../lib/saved-toast.ts'
import { assignTraining } from '../actions.ts'

/** Training set, then a role or one or more of the tenant's real users (each chosen user gets an assignment). */
export function AssignForm({
  sets,
  users,
  roles,
}: {
  sets: TrainingSet[]
  users: TenantUser[]
  roles: readonly Role[]
}) {
  const db = useLocalDb()
  const [setId, setSetId] = useState('')
  const [kind, setKind] = useState<'role' | 'users'>('role')
  const [role, setRole] = useState<Role | ''>('')
  const [userIds, setUserIds] = useState<string[]>([])
  const [dueDate, setDueDate] = useState('')

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!setId) return errorToast('Training set required', 'Please select a training set to assign.')
    if (kind === 'role' && !role) return errorToast('Role required', 'Please select a role to assign to.')
    if (kind === 'users' && userIds.length === 0) {
      return errorToast('Users required', 'Please select at least one user to assign to.')
    }
    try {
      const due = dueDate || null
      await assignTraining(
        db,
        kind === 'role' && role ? { setId, role, dueDate: due } : { setId, userIds, dueDate: due },
      )
      savedToast('Training assigned')
      setUserIds([])
      setRole('')
    } catch (error) {
      errorToast('Assignment failed', errorText(error))
    }
  }

  const toggleUser = (id: string, on: boolean) =>
    setUserIds((list) => (on ? [...list, id] : list.filter((x) => x !== id)))

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="assign-form-title">
      <h2 id="assign-form-title">New assignment</h2>
      <Field label="Training set">
        {(id) => (
          <select id={id} className="select" value={setId} onChange={(e) => setSetId(e.target.value)}>
            <option value="">Select a training set</option>
            {sets.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="field">
        <legend>Assignment type</legend>
        <div className="radio-row">
          <label className="radio">
            <input type="radio" name="assign-kind" checked={kind === 'role'} onChange={() => setKind('role')} /> Role
          </label>
          <label className="radio">
            <input type="radio" name="assign-kind" checked={kind === 'users'} onChange={() => setKind('users')} />{' '}
            Specific users
          </label>
        </div>
      </fieldset>
      {kind === 'role' ? (
        <Field label="Role">
          {(id) => (
            <select id={id} className="select" value={role} onChange={(e) => setRole(e.target.value as Role | '')}>
              <option value="">Select a role</option>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <fieldset className="field">
          <legend>Users</legend>
          {users.length === 0 ? (
            <p className="muted">No users on this device yet; they arrive with the next sync.</p>
          ) : (
            <ul className="check-list">
              {users.map((u) => (
                <li key={u.id}>
                  <label className="radio">
                    <input
                      type="checkbox"
                      checked={userIds.includes(u.id)}
                      onChange={(e) => toggleUser(u.id, e.target.checked)}
                    />{' '}
                    {displayName(u)} <span className="muted">({u.role})</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
      <Field label="Due date (optional)">
        {(id) => (
          <input
            id={id}
            type="date"
            className="input input-short"
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
          />
        )}
      </Field>
      <div className="form-actions">
        <Button type="submit">Assign Training</Button>
      </div>
    </form>
  )
}
