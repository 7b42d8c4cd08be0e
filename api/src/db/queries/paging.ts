import { type SelectQueryBuilder, sql } from 'kysely'
import { compiledPerShape } from '../compiled-once.ts'
import type { Database, Db } from '../database.ts'

/** A page of a list: at most `limit` rows (null: all), after the row `after` names. */
export interface PageRequest {
  limit: number | null
  after: { key: string; id: string } | null
}

/** How a list is ordered: by `sort`, then `id`, both one way, so a page ends at one exact row. */
export interface Keyset {
  sort: string
  id: string
  desc: boolean
}

/**
 * Narrows `query` to one page by keyset (rows after the cursor's sort key and id, one more than
 * the limit so the caller knows whether another page follows): a page costs the same however
 * long the list is.
 */
function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keys: Keyset,
  page: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  const direction = keys.desc ? 'desc' : 'asc'
  let paged = query
  if (page.after) {
    paged = paged.where(
      sql<boolean>`(${sql.ref(keys.sort)}, ${sql.ref(keys.id)}) ${sql.raw(keys.desc ? '<' : '>')} (${page.after.key}, ${page.after.id})`,
    )
  }
  paged = paged.orderBy(sql.ref(keys.sort), direction).orderBy(sql.ref(keys.id), direction)
  return page.limit === null ? paged : paged.limit(page.limit + 1)
}

/**
 * A list paged by `keys` and compiled once per shape (lists are read on every screen and sync):
 * `build` makes the list's query from its shape (choices such as whether the caller sees everyone's
 * rows) and its arguments. The page's size and whether it has a cursor are part of the shape; the
 * cursor's values are arguments.
 */
export function pagedList<S, A extends (string | undefined)[], TB extends keyof Database, O>(
  keys: Keyset,
  build: (db: Db, shape: S, ...args: A) => SelectQueryBuilder<Database, TB, O>,
): (db: Db, shape: S, page: PageRequest, ...args: A) => Promise<O[]> {
  const compiled = compiledPerShape(
    (
      db: Db,
      [shape, limit]: [S, number | null],
      afterKey: string | undefined,
      afterId: string | undefined,
      ...args: A
    ) =>
      keysetPage(build(db, shape, ...args), keys, {
        limit,
        after: afterKey === undefined || afterId === undefined ? null : { key: afterKey, id: afterId },
      }),
  )
  return (db, shape, page, ...args) => compiled(db, [shape, page.limit], page.after?.key, page.after?.id, ...args)
}

/** The whole list, for callers that need every row. */
export const WHOLE_LIST: PageRequest = { limit: null, after: null }
