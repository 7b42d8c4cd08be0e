import type { Conversation, Expert } from '@mw/sync-protocol'
import { useLiveQuery } from 'dexie-react-hooks'
import { errorToast } from '../../../components/ui/toast-store.ts'
import type { LocalDb } from '../../../db/local-db.ts'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { htmlToText } from '../../../lib/html-to-text.ts'

/**
 * One expert's conversations on this device, newest first: every one within the retention
 * period, so the history opens offline. With a search, those whose title or any message contains
 * it (case-insensitive). `limit` pages the list; `total` says how many match. A device database
 * that cannot be read (Safari loses its IndexedDB connection after a while in the background)
 * says so in a toast and shows an empty list, not a broken screen.
 */
export function useConversationHistory(
  expert: Expert,
  search: string,
  limit: number,
): { rows: Conversation[]; total: number } | undefined {
  const db = useLocalDb()
  return useLiveQuery(
    () =>
      readHistory(db, expert, search, limit).catch(() => {
        errorToast('Failed to load conversations', 'Please try again')
        return { rows: [], total: 0 }
      }),
    [db, expert, search, limit],
  )
}

async function readHistory(db: LocalDb, expert: Expert, search: string, limit: number) {
  const all = await db.conversations.where('agentId').equals(expert).toArray()
  const needle = search.trim().toLowerCase()
  let matching = all
  if (needle) {
    const inMessages = new Set<string>()
    const ids = new Set(all.map((c) => c.id))
    await db.messages.each((m) => {
      if (ids.has(m.conversationId) && htmlToText(m.content).toLowerCase().includes(needle))
        inMessages.add(m.conversationId)
    })
    matching = all.filter((c) => (c.title ?? '').toLowerCase().includes(needle) || inMessages.has(c.id))
  }
  matching.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
  return { rows: matching.slice(0, limit), total: matching.length }
}
