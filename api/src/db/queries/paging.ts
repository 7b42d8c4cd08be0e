import { type SelectQueryBuilder, sql } from 'kysely'

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
export function keysetPage<DB, TB extends keyof DB, O>(
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

/** The whole list, for callers that need every row. */
export const WHOLE_LIST: PageRequest = { limit: null, after: null }
