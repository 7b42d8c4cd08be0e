import type { LocalDb } from '../db/local-db.ts'

type Listener = (db: LocalDb) => void
const listeners = new Set<Listener>()

/** Lets the page's drain scheduler hear about local writes without the actions importing it. */
export function onLocalWrite(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function notifyLocalWrite(db: LocalDb) {
  for (const listener of listeners) listener(db)
}
