import { useLiveQuery } from 'dexie-react-hooks'
import { TENANT_CONFIG_KEY } from '../../../db/local-db.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'

/** The tenant config on this device: undefined while loading, null before the first pull brings it. */
export function useTenantConfig() {
  const db = useLocalDb()
  return useLiveQuery(async () => (await db.tenantConfig.get(TENANT_CONFIG_KEY)) ?? null, [db])
}
