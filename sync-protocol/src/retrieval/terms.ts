/**
 * Turning a question into search terms and telling how much of it a text covers: the same on the
 * server (over FTS5) and on the device (over the manuals kept offline). Every term is letters and
 * digits only (with a dotted name's inner dots, which every index reads as a word break), so
 * nothing a user types reaches a query syntax.
 */
const STOPWORDS = /* @__PURE__ */ new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by cannot could did do does doing don down during each few for from
  further had has have having he her here hers him his how i if in into is it its itself just me
  more most my myself no nor not now of off on once only or other our ours out over own same she
  should so some such than that the their them then there these they this those through to too
  under until up very was we were what when where which while who whom why will with won would
  you your yours t s d ll m re ve isn aren wasn weren doesn didn hasn haven hadn wouldn shouldn
  couldn please tell explain know need help get got also may might must shall use used using whats
  hi hey thanks thank anyone someone something anything way ok okay just really still
  dont doesnt didnt isnt arent wasnt werent wont cant couldnt wouldnt shouldnt hasnt havent hadnt
  im ive youre theyre thats theres hows whos wheres whatever`.split(/\s+/),
)

const MAX_TERMS = 24

/**
 * Every word of the question as said, lower-cased, in order (stop words and repeats included). A
 * name written with dots between letters or digits ("VE.Direct", "Node.js", "v1.2", "192.168.1.1")
 * is one word, searched as the phrase of its parts (how every index holds it); dotted initials
 * ("e.g.", "U.S.") are not names, and a dot before a space ends a sentence.
 */
export const saidWords = (query: string): string[] =>
  query
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}.]+/u)
    .flatMap((word) => {
      const parts = word.split('.').filter(Boolean)
      return DOTTED_NAME.test(word) && parts.some((part) => part.length > 1) ? [parts.join('.')] : parts
    })

/** Letters or digits with a dot between them and no space: "ve.direct", "gps.conf", "v1.2". */
const DOTTED_NAME = /[\p{L}\p{N}]\.[\p{L}\p{N}]/u

/** Distinct, lower-cased content words of the question, in order of first appearance. */
export function searchTerms(query: string): string[] {
  const terms: string[] = []
  for (const word of saidWords(query)) {
    if (STOPWORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue
    if (word.length > 40 || terms.includes(word)) continue
    terms.push(word)
    if (terms.length === MAX_TERMS) break
  }
  return terms
}

/** Light suffix stripping, enough to tell whether a sentence mentions a term (not for the index). */
export const stem = (term: string) => (term.length <= 4 ? term : term.replace(/(ing|ed|es|ly|er|s)$/u, ''))

/** The share of `terms` that appear in `text` (by stem, at a word start): 0 to 1. */
export function termCoverage(text: string, terms: string[]): number {
  if (terms.length === 0) return 0
  const lower = text.toLowerCase()
  const found = terms.filter((term) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(stem(term))}`, 'u').test(lower))
  return found.length / terms.length
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
