import { type AdminConfig, adminConfigSchema } from '@mw/sync-protocol'
import { useEffect, useState } from 'react'
import { apiRequest } from '../../../lib/api-client.ts'

export type ProviderKeys = AdminConfig['providers']

/** Which providers the server holds a key for (read over the network: only the server knows); a sentence when it cannot be read. */
export function useProviderKeys(tenant: string): ProviderKeys | string | null {
  const [keys, setKeys] = useState<ProviderKeys | string | null>(null)
  useEffect(() => {
    let stale = false
    apiRequest('GET', `/api/t/${tenant}/admin/config`, adminConfigSchema, { timeoutMs: 15000 })
      .then((config) => !stale && setKeys(config.providers))
      .catch(() => !stale && setKeys('Whether the server has each key shows when the device is online.'))
    return () => {
      stale = true
    }
  }, [tenant])
  return keys
}
