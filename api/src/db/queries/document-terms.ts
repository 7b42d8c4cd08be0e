import { tokens } from '@mw/sync-protocol/retrieval'

/** For each stem, how many of the passages hold it (in their section or text). */
export function termCounts(passages: { section: string | null; text: string }[]): [string, number][] {
  const counts = new Map<string, number>()
  for (const p of passages) {
    for (const term of new Set(tokens(`${p.section ?? ''} ${p.text}`))) counts.set(term, (counts.get(term) ?? 0) + 1)
  }
  return [...counts]
}
