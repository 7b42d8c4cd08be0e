import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { formatDateTime } from '../../../lib/relative-time.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { type SyncProblem, useSyncStore } from '../../../sync/sync-store.ts'

const WHAT: Record<SyncProblem['type'], string> = {
  'case.create': 'New case',
  'case.setStatus': 'Case status change',
  'case.appendNote': 'Case note',
  'case.setEquipment': 'Vessel and equipment',
  'attachment.delete': 'Photo or file removal',
  'training.createSet': 'New training set',
  'training.updateSet': 'Training set edit',
  'training.assign': 'Training assignment',
  'training.attempt': 'Training answers',
  'chat.send': 'Chat message',
  'conversation.rename': 'Conversation rename',
  'conversation.delete': 'Conversation delete',
  'conversation.restore': 'Conversation restore',
  'message.rate': 'Answer rating',
  'tenant.saveBranding': 'Branding change',
  'tenant.saveModel': 'Model configuration change',
  'user.setRole': 'Role change',
}

/**
 * Changes the server refused or that lost a conflict, with the reason and Retry / Discard. A native
 * modal <dialog> (focus kept inside, Escape closes) keeps dialog code out of the shell's first load.
 */
export function SyncPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const s = useSyncStore()
  const online = useOnlineStatus()
  const ref = useRef<HTMLDialogElement>(null)
  const [unreached, setUnreached] = useState(false)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal?.()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="dialog sync-dialog"
      aria-labelledby="sync-title"
      aria-describedby="sync-summary"
      onClose={() => onOpenChange(false)}
    >
      <h2 id="sync-title" className="dialog-title">
        Sync
      </h2>
      <p id="sync-summary" className="muted">
        {summary({ ...s, online })}
      </p>
      {s.pausedForAuth && <p role="alert">{s.pausedForAuth}</p>}
      {s.signedOut && (
        // The changes wait in this user's database on the device: signing in again sends them.
        <a className="btn btn-primary" href="/api/login">
          Sign in
        </a>
      )}
      {s.storageProblem && <p role="alert">{s.storageProblem}</p>}
      {s.problems.length > 0 && (
        <ul className="history" aria-label="Changes that need attention">
          {s.problems.map((p) => (
            <li key={p.mid} className="sync-problem">
              <strong>
                {WHAT[p.type]} {p.state === 'conflict' ? 'conflicted' : 'was refused'}
              </strong>
              <span>{p.reason || 'The server did not give a reason.'}</span>
              <span className="muted">Made {formatDateTime(p.createdAt)}</span>
              <div className="toolbar">
                <Button variant="secondary" onClick={() => s.retry(p.mid)}>
                  Retry
                </Button>
                <Button variant="ghost" onClick={() => s.discard(p.mid)}>
                  Discard
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {unreached && !online && (
        <p role="status">Tried just now: the server could not be reached. Changes stay on this device until it can.</p>
      )}
      <div className="form-actions">
        <Button onClick={async () => setUnreached(!(await s.syncNow()))}>Sync now</Button>
      </div>
      <button type="button" className="dialog-close" aria-label="Close" onClick={() => onOpenChange(false)}>
        ×
      </button>
    </dialog>
  )
}

function summary(s: { online: boolean; pending: number; lastSyncedAt: string | null }): string {
  const state = s.online ? 'Online' : 'Offline'
  const waiting =
    s.pending === 0 ? 'nothing waiting to send' : `${s.pending} change${s.pending === 1 ? '' : 's'} waiting to send`
  const last = s.lastSyncedAt ? `last synced ${formatDateTime(s.lastSyncedAt)}` : 'not synced yet'
  return `${state}, ${waiting}, ${last}.`
}
