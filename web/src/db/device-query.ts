/**
 * A read of this device's database that a screen shows live, and that a start can begin before
 * React draws: the warm start runs the query of the screen the address names as soon as the
 * database opens, and the screen's first frame gets those rows instead of waiting for its own
 * live query (which then takes over).
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import type { LocalDb } from './local-db.ts'
import { useLocalDb } from './local-db-context.tsx'

export interface DeviceQuery<T> {
  /** Names the query and its arguments: equal keys read the same rows. */
  key: string
  read: (db: LocalDb) => Promise<T>
}

/** Only a start's first frame uses what a warm read brought; after that, live queries answer. */
const WARM_FOR_MS = 5_000
const warm = new Map<string, unknown>()
const warmKey = (db: LocalDb, query: DeviceQuery<unknown>) => `${db.name}\n${query.key}`

/** Runs `query` now, for the screen about to ask for it; settles when its rows are kept (or it failed). */
export function warmRead(db: LocalDb, query: DeviceQuery<unknown>): Promise<void> {
  return query.read(db).then(
    (rows) => {
      warm.set(warmKey(db, query), rows)
    },
    () => undefined,
  )
}

/** The live result of `query` on the open database; what a warm read brought until it comes. */
export function useDeviceQuery<T>(query: DeviceQuery<T>): T | undefined {
  const db = useLocalDb()
  const key = warmKey(db, query)
  const live = useLiveQuery(() => query.read(db), [db, key])
  // Once this screen goes, so do the start's rows: the next one to ask reads live.
  useEffect(
    () => () => {
      warm.delete(key)
    },
    [key],
  )
  if (live !== undefined || performance.now() > WARM_FOR_MS) return live
  return warm.get(key) as T | undefined
}
