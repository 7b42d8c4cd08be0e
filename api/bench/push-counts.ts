/**
 * The proof behind `npm run bench:push`: after a round, what its devices left in the database is
 * counted, and every count must equal the number of mutations they sent.
 */
import type { Db } from '../src/db/database.ts'
import type { Device } from './push-kit.ts'

type Counted = { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }
const number = async (query: Counted) => Number((await query.executeTakeFirstOrThrow()).n)

/**
 * Counts the cases titled `prefix/…` and their change-log rows; with `synced` (they came through
 * the push) also their 'created' history events and those events' change-log rows, the mids
 * remembered for the devices, and each device's last seq. Throws naming every count that is off:
 * a mutation lost or applied twice fails the bench.
 */
export async function expectExactlyOnce(db: Db, prefix: string, devices: Device[], synced: boolean) {
  const sent = devices.reduce((n, d) => n + d.batches.flat().length, 0)
  const like = `${prefix}/%`
  const ids = devices.map((d) => d.id)
  const cases = db.selectFrom('cases').where('title', 'like', like)
  const counts: Record<string, number> = {
    cases: await number(cases.select((eb) => eb.fn.countAll().as('n'))),
    'distinct titles': await number(cases.select((eb) => eb.fn.count('title').distinct().as('n'))),
    'change-log rows of those cases': await number(
      db
        .selectFrom('change_log')
        .innerJoin('cases', 'cases.id', 'change_log.entity_id')
        .where('change_log.entity', '=', 'case')
        .where('cases.title', 'like', like)
        .select((eb) => eb.fn.countAll().as('n')),
    ),
  }
  if (synced) {
    const events = db
      .selectFrom('case_events')
      .innerJoin('cases', 'cases.id', 'case_events.case_id')
      .where('case_events.kind', '=', 'created')
      .where('cases.title', 'like', like)
    const mids = db.selectFrom('sync_mutations').where('device_id', 'in', ids)
    Object.assign(counts, {
      "'created' history events": await number(events.select((eb) => eb.fn.countAll().as('n'))),
      'change-log rows of those events': await number(
        events
          .innerJoin('change_log', 'change_log.entity_id', 'case_events.id')
          .where('change_log.entity', '=', 'caseEvent')
          .select((eb) => eb.fn.countAll().as('n')),
      ),
      'remembered mids': await number(mids.select((eb) => eb.fn.countAll().as('n'))),
      'remembered mids, applied': await number(
        mids.where('status', '=', 'applied').select((eb) => eb.fn.countAll().as('n')),
      ),
    })
  }
  const off = Object.entries(counts)
    .filter(([, n]) => n !== sent)
    .map(([what, n]) => `${what} ${n}`)
  if (synced) {
    const perDevice = sent / devices.length
    const atEnd = await number(
      db
        .selectFrom('sync_devices')
        .where('id', 'in', ids)
        .where('last_seq', '=', perDevice)
        .select((eb) => eb.fn.countAll().as('n')),
    )
    if (atEnd !== devices.length) off.push(`${atEnd} of ${devices.length} devices at seq ${perDevice}`)
  }
  if (off.length > 0) throw new Error(`${prefix}: ${sent} mutations sent, but ${off.join(', ')}`)
  return sent
}
