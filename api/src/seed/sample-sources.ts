import { isExpert } from '@mw/sync-protocol'
import type { Db } from '../db/database.ts'
import { recordChange } from '../db/queries/change-log.ts'
import { answersCitingNoDocument, setMessageSources } from '../db/queries/conversations.ts'
import { htmlToText } from '../experts/html-to-text.ts'
import { retrieve } from '../experts/retrieve.ts'

/**
 * The sample answers' sources made real: seeded before any manual is loaded, they quote pages of
 * no document, so a technician tapping one on the first day found nothing to open. Once the
 * tenant's experts hold manuals, each cites what a search of its question (or its conversation's
 * title) finds there, as a live answer does. Returns how many answers now cite documents.
 */
export async function citeSampleSources(db: Db, tenant: string): Promise<number> {
  let cited = 0
  for (const answer of await answersCitingNoDocument(db, tenant)) {
    const expert = answer.agent_id
    if (!isExpert(expert)) continue
    // The pages its question finds, else those its conversation's title finds; none rather than pages of no document.
    let sources = (await retrieve(db, tenant, expert, htmlToText(answer.question))).sources
    if (sources.length === 0 && answer.title) sources = (await retrieve(db, tenant, expert, answer.title)).sources
    await db.transaction().execute(async (trx) => {
      await setMessageSources(trx, answer.id, sources)
      await recordChange(trx, tenant, 'message', answer.id)
    })
    if (sources.length > 0) cited++
  }
  return cited
}
