/**
 * The server-side baseline beside a sync pull (web/bench/sync-bench.ts): the tenant's change log
 * read straight through better-sqlite3 or `pg`, in pages of the size the pull asks for, each log
 * row with the case row it names (one LEFT JOIN), and nothing else: no session, visibility,
 * mapping to the wire shape, validation, JSON or HTTP.
 */
import type SQLite from 'better-sqlite3'
import pg from 'pg'

// The page is cut before the join: with the statistics of a freshly filled table PostgreSQL
// otherwise joined every row after the cursor and sorted them (35-48 ms a page instead of ~10).
const pageSql = (param: (n: number) => string, limit: number) =>
  `SELECT l.version AS log_version, l.entity, l.entity_id, l.op, c.*
  FROM (SELECT * FROM change_log WHERE tenant_slug = ${param(1)} AND version > ${param(2)}
    ORDER BY version LIMIT ${limit}) l
  LEFT JOIN cases c ON l.entity = 'case' AND c.id = l.entity_id ORDER BY l.version`

interface PageRow {
  log_version: number
  id: string | null
}

export interface RawPages {
  /** Reads every page of `tenant`'s log; the number of case rows read. */
  readAll(tenant: string): Promise<number>
  close(): Promise<void>
}

/** The SQLite handle the app's database was opened with, or a postgres:// URL. */
export type RawSource = SQLite.Database | string

/** Reads through `source` (on PostgreSQL one connection, opened now). */
export async function rawPages(source: RawSource, pageSize: number): Promise<RawPages> {
  let page: (tenant: string, cursor: number) => Promise<PageRow[]>
  let close = async () => {}
  if (typeof source === 'string') {
    const client = new pg.Client({ connectionString: source })
    await client.connect()
    const text = pageSql((n) => `$${n}`, pageSize)
    page = async (tenant, cursor) => (await client.query<PageRow>(text, [tenant, cursor])).rows
    close = () => client.end()
  } else {
    const statement = source.prepare<[string, number], PageRow>(pageSql(() => '?', pageSize))
    page = async (tenant, cursor) => statement.all(tenant, cursor)
  }
  return {
    async readAll(tenant) {
      let cursor = 0
      let cases = 0
      for (;;) {
        const rows = await page(tenant, cursor)
        cases += rows.filter((r) => r.id !== null).length
        const last = rows.at(-1)
        if (last) cursor = Number(last.log_version)
        if (rows.length < pageSize) return cases
      }
    },
    close,
  }
}
