import { EXPERTS } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { TENANT_CONFIG_KEY } from '../../../db/local-db.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'

/**
 * Experts an admin marked "keep on every device": their manuals come to this device, and stay
 * current, whenever it is online, so the first question at sea already has them.
 */
export function useKeptExperts() {
  const db = useLocalDb()
  const online = useOnlineStatus()
  const models = useLiveQuery(async () => (await db.tenantConfig.get(TENANT_CONFIG_KEY))?.models, [db])
  const marked = EXPERTS.filter((e) => models?.[e]?.keepOnDevices).join(',')

  useEffect(() => {
    if (!online || !marked) return
    let cancelled = false
    void (async () => {
      // Loaded only on devices of tenants that keep manuals everywhere, not with every first load.
      const { keepKnowledge } = await import('../../../sync/kept-knowledge.ts')
      for (const expert of EXPERTS.filter((e) => marked.split(',').includes(e))) {
        if (cancelled) return
        // A failed download leaves what it kept; the next time online carries on from there.
        await keepKnowledge(db, db.tenant, expert).catch(() => undefined)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [db, online, marked])
}
