import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useSyncStore } from '../../../sync/sync-store.ts'
import { useShellStore } from '../store.ts'
import { SyncPanel } from './sync-panel.tsx'

/** Compact sync state (offline, waiting changes, problems); opens the sync panel. */
export function SyncIndicator({ expanded = false }: { expanded?: boolean }) {
  const online = useOnlineStatus()
  const pending = useSyncStore((s) => s.pending)
  const problems = useSyncStore((s) => s.problems.length)
  const syncing = useSyncStore((s) => s.syncing)
  const open = useShellStore((s) => s.syncPanelOpen)
  const setOpen = useShellStore((s) => s.setSyncPanelOpen)

  const pausedForAuth = useSyncStore((s) => s.pausedForAuth)
  const storageProblem = useSyncStore((s) => s.storageProblem)
  const label = storageProblem
    ? 'Storage problem'
    : pausedForAuth
      ? pausedForAuth.replace(/\.$/, '')
      : problems > 0
        ? `${problems} change${problems === 1 ? '' : 's'} need${problems === 1 ? 's' : ''} attention`
        : !online
          ? pending > 0
            ? `Offline · ${pending} waiting`
            : 'Offline'
          : pending > 0 || syncing
            ? `Syncing${pending > 0 ? ` ${pending}` : ''}…`
            : 'Synced'
  const dot = problems > 0 || pausedForAuth || storageProblem ? ' is-problem' : !online ? ' is-offline' : ''

  return (
    <>
      <button
        type="button"
        className="sync-indicator"
        data-live
        aria-label={`Sync status: ${label}`}
        onClick={() => setOpen(true)}
      >
        <span className={`sync-dot${dot}`} aria-hidden="true" />
        {expanded && <span>{label}</span>}
      </button>
      {expanded && open && <SyncPanel open={open} onOpenChange={setOpen} />}
    </>
  )
}
