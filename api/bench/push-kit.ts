/**
 * What `npm run bench:push` (push-bench.ts) is made of: devices pushing their queues of
 * `case.create` over HTTP and the raw writes of the same rows it is measured against (the counts
 * that prove every mutation applied exactly once: push-counts.ts).
 */
import { LIMITS, type PushAnswer, pushAnswerSchema } from '@mw/sync-protocol'
import pg from 'pg'
import { v7 as uuidv7 } from 'uuid'
import { openSqlite } from '../src/db/database.ts'

export const BATCH = LIMITS.pushBatchMax
const TENANT = 'demo'
const DESCRIPTION = 'Stabilizer alarm after spool-up; checked bearings and seawater flow.'

export interface CaseCreate {
  mid: string
  seq: number
  type: 'case.create'
  args: { id: string; title: string; description: string; expert: 'seakeeper'; tags: string[]; conversationId: null }
  baseVersion: null
  createdAt: string
}

export interface Device {
  id: string
  cookie: string
  /** The device's outbox in push order: seq 1, 2, … across the batches. */
  batches: CaseCreate[][]
}

/** A new device (new id, seq from 1) of the session `cookie`; its cases are titled `prefix/device/seq`. */
export function newDevice(cookie: string, prefix: string, index: number, batches: number): Device {
  const createdAt = new Date().toISOString()
  const queue = Array.from({ length: batches * BATCH }, (_, i): CaseCreate => {
    const seq = i + 1
    const title = `${prefix}/${index}/${seq}`
    const args = { id: uuidv7(), title, description: DESCRIPTION, expert: 'seakeeper' as const, tags: ['bench'] }
    return {
      mid: uuidv7(),
      seq,
      type: 'case.create',
      args: { ...args, conversationId: null },
      baseVersion: null,
      createdAt,
    }
  })
  const batchesOf = Array.from({ length: batches }, (_, b) => queue.slice(b * BATCH, (b + 1) * BATCH))
  return { id: uuidv7(), cookie, batches: batchesOf }
}

/** A session of a seeded user through the server's local sign-in (a device each: sessions are not shared). */
export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login/local`, {
    method: 'POST',
    body: new URLSearchParams({ email }),
    redirect: 'manual',
  })
  const cookie = res.headers.get('set-cookie')?.split(';')[0]
  if (res.status !== 303 || !cookie) throw new Error(`sign-in as ${email} answered ${res.status}`)
  return cookie
}

async function push(base: string, device: Device, mutations: CaseCreate[]): Promise<PushAnswer> {
  const res = await fetch(`${base}/api/t/${TENANT}/sync/push`, {
    method: 'POST',
    headers: { cookie: device.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ deviceId: device.id, mutations }),
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`a push of device ${device.id} answered ${res.status}: ${text}`)
  return pushAnswerSchema.parse(JSON.parse(text))
}

/** Throws unless every mutation of the batch answered `status` (and `outcome` for duplicates) and lastSeq is the batch's last. */
function expectAnswer(answer: PushAnswer, batch: CaseCreate[], status: 'applied' | 'duplicate') {
  const wrong = batch.filter((m, i) => {
    const result = answer.results[i]
    return result?.mid !== m.mid || result.status !== status || (status === 'duplicate' && result.outcome !== 'applied')
  })
  const last = batch.at(-1)?.seq
  if (wrong.length > 0 || answer.results.length !== batch.length || answer.lastSeq !== last) {
    throw new Error(
      `expected ${batch.length} × ${status} up to seq ${last}, got lastSeq ${answer.lastSeq} and ${JSON.stringify(answer.results.filter((r) => r.status !== status).slice(0, 3))}`,
    )
  }
}

export interface Round {
  seconds: number
  /** Each batch's time from sending to its answer (or its transaction, for the raw writes), in ms. */
  batchMs: number[]
}

/**
 * Every device drains its outbox at once, one batch at a time in seq order as the drainer does;
 * each request goes to the next of `bases` in turn (a load balancer without stickiness, so a
 * device's batches land on different instances).
 */
export async function pushAll(bases: string[], devices: Device[]): Promise<Round> {
  let next = 0
  return timedBatches(devices, async (device, batch) => {
    const answer = await push(bases[next++ % bases.length] as string, device, batch)
    return () => expectAnswer(answer, batch, 'applied')
  })
}

/** Every device's batches in turn, all devices at once, each batch timed by what `send` awaits. */
async function timedBatches(
  devices: Device[],
  send: (device: Device, batch: Device['batches'][number]) => Promise<(() => void) | undefined>,
): Promise<Round> {
  const batchMs: number[] = []
  const start = performance.now()
  await Promise.all(
    devices.map(async (device) => {
      for (const batch of device.batches) {
        const sent = performance.now()
        const check = await send(device, batch)
        batchMs.push(performance.now() - sent)
        check?.()
      }
    }),
  )
  return { seconds: (performance.now() - start) / 1000, batchMs }
}

/** Each device sends its last batch again to the next instance (its answer lost after commit): all must answer duplicate. */
export async function replayLastBatches(bases: string[], devices: Device[]) {
  await Promise.all(
    devices.map(async (device, i) => {
      const batch = device.batches.at(-1) ?? []
      expectAnswer(await push(bases[(i + 1) % bases.length] as string, device, batch), batch, 'duplicate')
    }),
  )
}

/** A row of `cases` as a synced `case.create` of the same arguments writes it. */
function caseRow(m: CaseCreate, creator: string) {
  const { id, title, description, expert } = m.args
  const at = new Date().toISOString()
  return [id, TENANT, title, description, expert, 'Open', '["bench"]', creator, 1, 1, creator, at, at]
}
const CASE_COLUMNS =
  'id, tenant_slug, title, description, expert, status, tags_json, created_by, version, status_version, status_changed_by, created_at, updated_at'

/** The product's own change-log statements (recordChange): SQLite's REPLACE, PostgreSQL's per-tenant counter upsert. */
const SQLITE_CHANGE = `REPLACE INTO change_log (tenant_slug, entity, entity_id, op, changed_at)
  VALUES (?, 'case', ?, 'upsert', ?) RETURNING version`
const POSTGRES_CHANGE = `WITH next AS (
    INSERT INTO change_log_counters (tenant_slug, version) VALUES ($1, 1)
    ON CONFLICT (tenant_slug) DO UPDATE SET version = change_log_counters.version + 1
    RETURNING version
  )
  INSERT INTO change_log (version, tenant_slug, entity, entity_id, op, changed_at)
  SELECT version, $1, 'case', $2, 'upsert', $3 FROM next
  ON CONFLICT (tenant_slug, entity, entity_id)
    DO UPDATE SET version = excluded.version, op = excluded.op, changed_at = excluded.changed_at
  RETURNING version`

export interface RawWriter {
  /** One transaction: each mutation's case and its change-log row, nothing else. */
  write(batch: CaseCreate[], creator: string): Promise<void>
  close(): Promise<void>
}

/** Raw writes through better-sqlite3, on a connection opened as the product opens its own (WAL, synchronous NORMAL). */
export function rawSqlite(file: string): RawWriter {
  const { sqlite } = openSqlite(file)
  const insert = sqlite.prepare(`INSERT INTO cases (${CASE_COLUMNS}) VALUES (${CASE_COLUMNS.replace(/\w+/g, '?')})`)
  const change = sqlite.prepare(SQLITE_CHANGE)
  const write = sqlite.transaction((batch: CaseCreate[], creator: string) => {
    for (const m of batch) {
      const row = caseRow(m, creator)
      insert.run(row)
      change.get(TENANT, m.args.id, row[11])
    }
  })
  return { write: async (batch, creator) => write(batch, creator), close: async () => void sqlite.close() }
}

/** Raw writes through a `pg` pool of `connections`, one transaction per batch. */
export function rawPostgres(url: string, connections: number): RawWriter {
  const pool = new pg.Pool({ connectionString: url, max: connections })
  const insert = `INSERT INTO cases (${CASE_COLUMNS}) VALUES (${CASE_COLUMNS.split(', ')
    .map((_, i) => `$${i + 1}`)
    .join(', ')})`
  return {
    async write(batch, creator) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        for (const m of batch) {
          const row = caseRow(m, creator)
          await client.query(insert, row)
          await client.query(POSTGRES_CHANGE, [TENANT, m.args.id, row[11]])
        }
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

/** The same queues written raw, every device at once, a transaction per batch. */
export function rawAll(writer: RawWriter, devices: Device[], creator: string): Promise<Round> {
  return timedBatches(devices, async (_, batch) => {
    await writer.write(batch, creator)
    return undefined
  })
}
