import { EXPERTS, type Expert } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { TENANT_CONFIG_KEY } from '../../../db/local-db.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'

/**
 * Keeps the manuals on this device current, driven by the sync feed: an expert an admin marked
 * "keep on every device" is downloaded unasked, and a kept expert whose library changed (a manual
 * added, replaced, renamed or deleted) is brought up to date by its deltas. Nothing changed, no
 * request.
 */
export function useKeptExperts() {
  const db = useLocalDb()
  const online = useOnlineStatus()
  const keepsAny = useLiveQuery(async () => (await db.keptExperts.count()) > 0, [db])
  const behind = useLiveQuery(async () => {
    const models = (await db.tenantConfig.get(TENANT_CONFIG_KEY))?.models
    const kept = new Map((await db.keptExperts.toArray()).map((k) => [k.expert, k]))
    const libraries = new Map((await db.knowledge.toArray()).map((k) => [k.expert, k]))
    return EXPERTS.filter((expert) => {
      const copy = kept.get(expert)
      const library = libraries.get(expert)
      if (!copy) return models?.[expert]?.keepOnDevices === true
      return library !== undefined && copy.libraryChangedAt !== library.changedAt
    }).join(',')
  }, [db])

  // The offline answerer is not in the install precache: a device that keeps manuals fetches it
  // while online (after an app update too), so the answers at sea have it.
  useEffect(() => {
    if (!online || !keepsAny) return
    void import('../../../sync/offline-answerer/answer-offline.ts').then((m) => m.cacheOfflineAnswerer())
  }, [online, keepsAny])

  useEffect(() => {
    if (!online || !behind) return
    let cancelled = false
    void (async () => {
      // Loaded only on devices that keep manuals, not with every first load.
      const { keepKnowledge } = await import('../../../sync/kept-knowledge.ts')
      for (const expert of behind.split(',') as Expert[]) {
        if (cancelled) return
        // A failed download leaves what it kept; the next time online carries on from there.
        await keepKnowledge(db, db.tenant, expert).catch(() => undefined)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [db, online, behind])
}
