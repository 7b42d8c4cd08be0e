// Which spellings of the shared search terms (@mw/sync-protocol/retrieval) the full-text index is asked for.
import { type QueryTerm, type TermStats, tokens } from '@mw/sync-protocol/retrieval'

/**
 * How many matches the any-word query may have to rank: the index scores every match before it can
 * return the best, so the rarest spellings go in until their passages reach this many (common
 * words still count in the re-ranking, and passages with every word are rarely missed: they hold
 * the rare ones too).
 */
const MATCH_BUDGET = 500

interface Form {
  form: string
  df: number
}

/** A term's spellings some passage holds, with how many passages hold each. */
function knownForms(term: QueryTerm, stats: TermStats): Form[] {
  return term.forms
    .map((form) => ({ form, stems: tokens(form) }))
    .filter(({ stems }) => stems.length > 0)
    .map(({ form, stems }) => ({ form, df: Math.min(...stems.map(stats.documentFrequency)) }))
    .filter(({ df }) => df > 0)
}

/** A spelling the index is asked for, and how much finding it counts (its rarity, BM25's IDF). */
export interface PoolForm {
  form: string
  weight: number
}

/**
 * The rarer spellings (a word or a phrase each) whose passages make the candidate pool, or null
 * when no passage holds any.
 */
export function poolForms(terms: QueryTerm[], stats: TermStats): PoolForm[] | null {
  const forms = [...new Map(terms.flatMap((t) => knownForms(t, stats)).map((f) => [f.form, f])).values()].sort(
    (a, b) => a.df - b.df,
  )
  if (forms.length === 0) return null
  let matches = 0
  return forms
    .filter(({ df }, i) => {
      matches += df
      return i === 0 || matches <= MATCH_BUDGET
    })
    .map(({ form, df }) => ({ form, weight: Math.log(1 + (stats.passages - df + 0.5) / (df + 0.5)) }))
}
