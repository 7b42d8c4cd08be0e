import type { Expert } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { formatSize } from '../../../lib/format-size.ts'
import { relativeTime } from '../../../lib/relative-time.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { forgetKnowledge, forgetOriginals, type KeepProgress, keepKnowledge } from '../../../sync/kept-knowledge.ts'
import { preloadPdfViewer } from './pdf-page.tsx'

/** "Download for offline use": keeps the expert's manuals on the device, then says so, with their size. */
export function OfflineKnowledge({ expert }: { expert: Expert }) {
  const db = useLocalDb()
  const tenant = useTenant()
  const online = useOnlineStatus()
  const kept = useLiveQuery(() => db.keptExperts.get(expert), [db, expert])
  const [progress, setProgress] = useState<KeepProgress | null>(null)
  const [storage, setStorage] = useState<StorageEstimate | null>(null)
  const [wantOriginals, setWantOriginals] = useState(false)
  const originals = kept ? kept.originals === true : wantOriginals

  const measure = () => void navigator.storage?.estimate?.().then(setStorage)
  useEffect(measure, [])

  const keep = async (choice: { originals?: boolean } = { originals }) => {
    setProgress({ done: 0, total: 0 })
    try {
      await navigator.storage?.persist?.()
      // The page view draws a kept PDF with pdfjs: fetched now, it is there at sea too.
      if (choice.originals) void preloadPdfViewer().catch(() => undefined)
      await keepKnowledge(db, tenant, expert, setProgress, choice)
      toast({ title: 'Available offline', description: 'The expert answers from these manuals with no network.' })
    } catch {
      errorToast('Download failed', 'It carries on from where it stopped when you try again.')
    } finally {
      setProgress(null)
      measure()
    }
  }

  const chooseOriginals = (checked: boolean) => {
    if (!kept) return setWantOriginals(checked)
    if (checked) void keep({ originals: true })
    else void forgetOriginals(db, expert).then(measure)
  }

  return (
    <div className="offline-knowledge" aria-live="polite">
      {progress ? (
        <>
          <progress
            value={progress.done}
            max={Math.max(progress.total, 1)}
            aria-label={`Downloading manuals: ${progress.done} of ${progress.total}`}
          />
          <span className="muted">
            Downloading {progress.done} of {progress.total} manuals…
          </span>
        </>
      ) : kept ? (
        <>
          <span className="status-ok">
            Available offline · {formatSize(kept.bytes)} · {kept.documents} manuals · updated{' '}
            {relativeTime(kept.updatedAt)}
          </span>
          <Button variant="ghost" disabled={!online} onClick={() => void keep()}>
            Update
          </Button>
          <Button variant="ghost" onClick={() => void forgetKnowledge(db, expert).then(measure)}>
            Remove from device
          </Button>
        </>
      ) : (
        <Button variant="secondary" disabled={!online} onClick={() => void keep()}>
          Download for offline use
        </Button>
      )}
      {!progress && (
        <label className="muted">
          <input
            type="checkbox"
            checked={originals}
            disabled={!online && !originals}
            onChange={(e) => chooseOriginals(e.target.checked)}
          />{' '}
          Keep the original PDFs too, for the page view
          {kept?.originals ? ` (${formatSize(kept.originalBytes ?? 0)})` : ''}
        </label>
      )}
      {storage?.quota ? (
        <span className="muted">
          This device: {formatSize(storage.usage ?? 0)} used of {formatSize(storage.quota)}
        </span>
      ) : null}
    </div>
  )
}
