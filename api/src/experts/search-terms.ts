// FTS5 expressions for the shared search terms (@mw/sync-protocol/retrieval).
import { type QueryTerm, type TermStats, tokens } from '@mw/sync-protocol/retrieval'

/** One FTS5 token naming a tenant's expert; hex keeps it a single token whatever the slug. */
export const scopeToken = (tenant: string, expert: string) => `s${Buffer.from(`${tenant}/${expert}`).toString('hex')}`

/** Spellings held by more passages than this are left out of the candidate query (they still count in the re-ranking). */
const COMMON = 5000

/**
 * `scope:"…" AND ("form" OR "two words" …)` over every spelling some passage holds, or null when
 * none does. At scale, spellings in very many passages only slow the ranking of the pool and are
 * left to the re-ranking, unless nothing rarer remains.
 */
export function poolExpression(scope: string, terms: QueryTerm[], stats: TermStats): string | null {
  const forms = [...new Set(terms.flatMap((t) => t.forms))]
    .map((form) => ({ form, stems: tokens(form) }))
    .filter(({ stems }) => stems.length > 0)
    .map(({ form, stems }) => ({ form, df: Math.min(...stems.map(stats.documentFrequency)) }))
    .filter(({ df }) => df > 0)
    .sort((a, b) => a.df - b.df)
  if (forms.length === 0) return null
  const limit = Math.max(COMMON, stats.passages * 0.1)
  const rare = forms.filter(({ df }) => df <= limit)
  const chosen = rare.length > 0 ? rare : forms.slice(0, 2)
  return `scope:"${scope}" AND (${chosen.map(({ form }) => `"${form}"`).join(' OR ')})`
}
