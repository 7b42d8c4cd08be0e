import { isTrainingImageUrl } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { useTenant } from '../../../lib/use-tenant.ts'

/**
 * An image-label question's image: the copy kept on the device when there is one, else its
 * address; none for an address that is not a training image (an <img> would call it with the session).
 */
export function useTrainingImageUrl(url: string): string {
  const db = useLocalDb()
  const tenant = useTenant()
  const kept = useLiveQuery(() => db.trainingImages.get(url), [db, url])
  const [local, setLocal] = useState<string | null>(null)
  useEffect(() => {
    if (!kept) return setLocal(null)
    const objectUrl = URL.createObjectURL(kept.blob)
    setLocal(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [kept])
  return local ?? (isTrainingImageUrl(url, tenant) ? url : '')
}
