// FTS5 expressions for the shared search terms (@mw/sync-protocol/retrieval).

/** One FTS5 token naming a tenant's expert; hex keeps it a single token whatever the slug. */
export const scopeToken = (tenant: string, expert: string) => `s${Buffer.from(`${tenant}/${expert}`).toString('hex')}`

/**
 * `scope:"…" AND ("t1" OR "t2" …)`, or with `every` `scope:"…" AND "t1" AND "t2" …`;
 * null when the question has no searchable words.
 */
export function matchExpression(scope: string, terms: string[], every = false): string | null {
  if (terms.length === 0) return null
  const quoted = terms.map((t) => `"${t}"`)
  return every ? [`scope:"${scope}"`, ...quoted].join(' AND ') : `scope:"${scope}" AND (${quoted.join(' OR ')})`
}
