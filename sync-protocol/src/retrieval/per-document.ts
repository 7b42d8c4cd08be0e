/** Of a question's sources, at most this many from one manual while other manuals' passages qualify. */
const MAX_PER_DOCUMENT = 3

/**
 * The best of `ranked`, at most MAX_PER_DOCUMENT from one manual while others qualify, so one long
 * manual holding the question's words in many passages leaves room for the manual that answers.
 */
export function fewPerDocument<T extends { candidate: { documentId: string } }>(ranked: T[], k: number): T[] {
  const taken: T[] = []
  const count = new Map<string, number>()
  for (const scored of ranked) {
    const n = count.get(scored.candidate.documentId) ?? 0
    if (n >= MAX_PER_DOCUMENT) continue
    count.set(scored.candidate.documentId, n + 1)
    if (taken.push(scored) === k) return taken
  }
  for (const scored of ranked) if (taken.length < k && !taken.includes(scored)) taken.push(scored)
  return taken
}
