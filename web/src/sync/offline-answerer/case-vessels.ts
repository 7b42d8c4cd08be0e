import type { LocalDb } from '../../db/local-db.ts'

/** The vessels this device's cases name: left out of an offline question, as the server does. */
export async function caseVessels(db: LocalDb): Promise<string[]> {
  return [...new Set((await db.cases.toArray()).map((c) => c.vessel).filter(Boolean))]
}
