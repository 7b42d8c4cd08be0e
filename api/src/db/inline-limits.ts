import { type KyselyPlugin, LimitNode, SelectQueryNode, ValueNode } from 'kysely'

/**
 * Writes a query's LIMIT into the SQL as an integer instead of binding it. SQLite plans a
 * statement with its LIMIT value when it is bound, and better-sqlite3 clears the bindings after
 * every run, which makes SQLite plan the statement again on its next run (~80 µs for a page of
 * cases). Inlined, the cached statement is planned once per page size. Only the outer SELECT's
 * LIMIT (the app has no other); nothing else is rebuilt.
 */
export const inlineLimits: KyselyPlugin = {
  transformQuery: ({ node }) => {
    if (!SelectQueryNode.is(node) || !node.limit) return node
    const { limit } = node.limit
    if (!ValueNode.is(limit) || limit.immediate || !Number.isSafeInteger(limit.value)) return node
    return Object.freeze({ ...node, limit: LimitNode.create(ValueNode.createImmediate(limit.value)) })
  },
  transformResult: async ({ result }) => result,
}
