import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'
import pg from 'pg'

/** Each SQL text compiled once by the app (compiled-once.ts), and the name it is prepared under. */
const names = new Map<string, string>()

/** Marks `sql` to be prepared once per PostgreSQL connection and run by name from then on. */
export function prepareOnPostgres(sql: string): void {
  if (!names.has(sql)) names.set(sql, `mw_${names.size + 1}`)
}

/** PostgreSQL refuses a prepared statement whose rows changed shape (`SELECT *` of an altered table). */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String(error))

/**
 * The pool Kysely is given on PostgreSQL. A statement sent without a name is parsed, analysed
 * and planned anew on every call: for the session lookup and a page of cases, ~400 µs of the
 * database's CPU per request against ~90 µs by name, and a third less in Node. Only the texts
 * the app compiles once are named, so each connection holds a bounded set (one per query shape
 * in the code, not one per `IN (...)` length). Kysely keeps its connection per client object, so
 * each client is wrapped once.
 */
export function namingStatements(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>()
  return {
    Client: pg.Client,
    options: pool.options,
    connect: async () => {
      const client = await pool.connect()
      let kept = wrapped.get(client)
      if (!kept) {
        kept = namingClient(client)
        wrapped.set(client, kept)
      }
      return kept
    },
    end: () => pool.end(),
  }
}

/**
 * A migration run by a newer instance (a rolling upgrade) can add a column to a table this
 * connection has a `SELECT *` prepared for. Then the statement is run unnamed (outside a
 * transaction, which the error would have ended) and the connection is closed when released, so
 * the pool opens a new one that prepares the statements anew.
 */
function namingClient(client: pg.PoolClient): PostgresPoolClient {
  let inTransaction = false
  let stale = false
  function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
  function query(
    text: string | PostgresCursor<unknown>,
    values?: readonly unknown[],
  ): Promise<PostgresQueryResult<unknown>> | PostgresCursor<unknown> {
    // A cursor (Kysely's streaming) goes through as it is.
    if (typeof text !== 'string') return client.query(text as unknown as pg.Submittable) as unknown as typeof text
    if (/^(begin|start transaction)\b/i.test(text)) inTransaction = true
    else if (/^(commit|rollback)$/i.test(text)) inTransaction = false
    return run(text, values as unknown[]) as Promise<PostgresQueryResult<unknown>>
  }
  async function run(text: string, values: unknown[]) {
    const name = names.get(text)
    try {
      return await client.query({ name, text, values })
    } catch (error) {
      if (!name || !isStalePlan(error)) throw error
      stale = true
      if (inTransaction) throw error
      return await client.query({ text, values })
    }
  }
  return { query, release: (destroy) => client.release(destroy || stale) }
}
