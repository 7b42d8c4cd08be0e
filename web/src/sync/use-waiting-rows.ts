import { useLiveQuery } from 'dexie-react-hooks'
import { useLocalDb } from '../db/local-db-context.tsx'
import { type RowKey, touchedKeys } from './optimistic.ts'

const NONE: ReadonlySet<RowKey> = new Set()

/** The rows that changes queued on this device touch and the server has not received yet. */
export function useWaitingRows(): ReadonlySet<RowKey> {
  const db = useLocalDb()
  return (
    useLiveQuery(async () => {
      const pending = await db.outbox.where('state').equals('pending').toArray()
      return new Set(pending.flatMap(touchedKeys))
    }, [db]) ?? NONE
  )
}
