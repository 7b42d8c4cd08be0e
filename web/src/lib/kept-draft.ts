/**
 * Text typed but not yet sent (a question to an expert, a case note) kept on the device as it is
 * typed, so a reload, an app switch or a crash at sea loses none of it. Kept per user, tenant and
 * place in localStorage (read without waiting, so the first frame shows it); sign-out forgets a
 * user's drafts with the rest of their data.
 */
import { useCallback, useState } from 'react'
import { useLocalDb } from '../db/local-db-context.tsx'

const PREFIX = 'mw:draft:'
const keyOf = (userId: string, tenant: string, place: string) => `${PREFIX}${userId}:${tenant}:${place}`

function read(key: string): string {
  try {
    return localStorage.getItem(key) ?? ''
  } catch {
    return ''
  }
}

function write(key: string, text: string): void {
  try {
    if (text) localStorage.setItem(key, text)
    else localStorage.removeItem(key)
  } catch {
    // A full or blocked localStorage only costs the kept copy; the text stays on screen.
  }
}

/** The draft at `place` for the signed-in user and tenant, and its setter (which keeps it). */
export function useKeptDraft(place: string): [string, (text: string) => void] {
  const db = useLocalDb()
  const key = keyOf(db.userId, db.tenant, place)
  const [kept, setKept] = useState(() => ({ key, text: read(key) }))
  const text = kept.key === key ? kept.text : read(key)
  const setText = useCallback(
    (next: string) => {
      write(key, next)
      setKept({ key, text: next })
    },
    [key],
  )
  return [text, setText]
}

/** Sign-out: none of this user's unsent text stays on the device. */
export function forgetDrafts(userId: string): void {
  try {
    const mine = `${PREFIX}${userId}:`
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i))
    for (const key of keys) if (key?.startsWith(mine)) localStorage.removeItem(key)
  } catch {
    // No localStorage: nothing was kept.
  }
}
