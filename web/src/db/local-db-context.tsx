import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { type LocalDb, openLocalDb } from './local-db.ts'

const LocalDbContext = createContext<LocalDb | null>(null)

/** Gives the screens below it the signed-in user's database for this tenant. */
export function LocalDbProvider({ userId, tenant, children }: { userId: string; tenant: string; children: ReactNode }) {
  const db = useMemo(() => openLocalDb(userId, tenant), [userId, tenant])
  return <LocalDbContext.Provider value={db}>{children}</LocalDbContext.Provider>
}

export function useLocalDb(): LocalDb {
  const db = useContext(LocalDbContext)
  if (!db) throw new Error('useLocalDb must be used inside LocalDbProvider.')
  return db
}
