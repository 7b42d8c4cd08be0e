import { type Branding, DEFAULT_THEME, PRODUCT_NAME } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { TENANT_CONFIG_KEY } from '../../../db/local-db.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'

const DEFAULT_BRANDING: Branding = { name: PRODUCT_NAME, theme: DEFAULT_THEME, logoUrl: null, logoLetters: '' }

/** The tenant's branding from the local copy of its config, with the spec's defaults until it arrives. */
export function useBranding(): Branding {
  const db = useLocalDb()
  const config = useLiveQuery(() => db.tenantConfig.get(TENANT_CONFIG_KEY), [db])
  return config?.branding ?? DEFAULT_BRANDING
}
