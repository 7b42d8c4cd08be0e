import { ROLES, type Role } from '@mw/sync-protocol'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { notifyLocalWrite } from '../../../sync/write-signal.ts'
import { inviteMember, removeMember, setMemberActive } from '../member-actions.ts'

/** An Admin adds someone by e-mail; with a sign-in provider they are matched at their first sign-in. */
export function AddMemberForm() {
  const tenant = useTenant()
  const db = useLocalDb()
  const [member, setMember] = useState({ email: '', firstName: '', lastName: '', role: 'Technician' as Role })
  const [busy, setBusy] = useState(false)
  const set = (field: keyof typeof member) => (value: string) => setMember((m) => ({ ...m, [field]: value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      const added = await inviteMember(tenant, member)
      toast({ title: 'Member added', description: `${added.email} can now sign in as ${added.role}.` })
      setMember({ email: '', firstName: '', lastName: '', role: member.role })
      notifyLocalWrite(db)
    } catch (error) {
      errorToast('Could not add the member', errorText(error, 'Try again in a moment.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form member-form" onSubmit={submit} aria-label="Add a member">
      <TextField label="E-mail" type="email" value={member.email} maxLength={254} onChange={set('email')} />
      <TextField label="First name" value={member.firstName} maxLength={100} onChange={set('firstName')} />
      <TextField label="Last name" value={member.lastName} maxLength={100} onChange={set('lastName')} />
      <Field label="Role">
        {(id) => (
          <select id={id} className="select" value={member.role} onChange={(e) => set('role')(e.target.value)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="form-actions">
        <Button type="submit" disabled={busy || !member.email.trim()}>
          Add member
        </Button>
      </div>
    </form>
  )
}

/** Removes someone from the workspace after a confirmation; their sessions end at once. */
export function RemoveMemberButton({ userId, name }: { userId: string; name: string }) {
  const tenant = useTenant()
  const db = useLocalDb()
  const [confirming, setConfirming] = useState(false)
  const remove = async () => {
    setConfirming(false)
    try {
      await removeMember(tenant, userId)
      toast({ title: 'Member removed', description: `${name} no longer has access.` })
      notifyLocalWrite(db)
    } catch (error) {
      errorToast('Could not remove the member', errorText(error, 'Try again in a moment.'))
    }
  }
  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        Remove
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${name}?`}
        description="They lose access to this workspace and are signed out on every device at once."
      >
        <div className="form-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void remove()}>
            Remove
          </Button>
        </div>
      </Dialog>
    </>
  )
}

/** Pauses someone's access (signed out everywhere at once, role and history kept), or gives it back. */
export function MemberStatusButton({ userId, name, active }: { userId: string; name: string; active: boolean }) {
  const tenant = useTenant()
  const db = useLocalDb()
  const [busy, setBusy] = useState(false)
  const change = async () => {
    setBusy(true)
    try {
      await setMemberActive(tenant, userId, !active)
      toast(
        active
          ? { title: 'Member deactivated', description: `${name} is signed out and cannot sign in to this workspace.` }
          : { title: 'Member reactivated', description: `${name} can sign in again.` },
      )
      notifyLocalWrite(db)
    } catch (error) {
      errorToast('Update failed', errorText(error, 'Try again in a moment.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="ghost" disabled={busy} onClick={() => void change()}>
      {active ? 'Deactivate' : 'Reactivate'}
    </Button>
  )
}
