import { useEffect } from 'react'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { startSync } from '../../../sync/sync-loop.ts'

/** Runs the page's sync loop for the open database while the shell is mounted. */
export function useStartSync() {
  const db = useLocalDb()
  useEffect(() => startSync(db), [db])
}
