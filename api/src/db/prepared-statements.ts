import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'
import pg from 'pg'

/** Each SQL text compiled once by the app (compiled-once.ts), and the name it is prepared under. */
const names = new Map<string, string>()

/** Marks `sql` to be prepared once per PostgreSQL connection and run by name from then on. */
export function prepareOnPostgres(sql: string): void {
  if (!names.has(sql)) names.set(sql, `mw_${names.size + 1}`)
}

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
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
    function query(
      text: string | PostgresCursor<unknown>,
      values?: readonly unknown[],
    ): Promise<PostgresQueryResult<unknown>> | PostgresCursor<unknown> {
      // A cursor (Kysely's streaming) goes through as it is.
      if (typeof text !== 'string') return client.query(text as unknown as pg.Submittable) as unknown as typeof text
      const named = { name: names.get(text), text, values: values as unknown[] }
      return client.query(named) as Promise<unknown> as Promise<PostgresQueryResult<unknown>>
    }
    return { query, release: (destroy) => client.release(destroy) }
  }
  return {
    Client: pg.Client,
    options: pool.options,
    connect: async () => {
      const client = await pool.connect()
      let kept = wrapped.get(client)
      if (!kept) {
        kept = wrap(client)
        wrapped.set(client, kept)
      }
      return kept
    },
    end: () => pool.end(),
  }
}
