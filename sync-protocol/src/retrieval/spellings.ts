/**
 * British and American spellings of one word ("optimise" and "optimize", "harbour" and "harbor",
 * "centre" and "center", "analogue" and "analog", "labelled" and "labeled"): a manual is written
 * in one, the technician may write the other, and the stemmer keeps them apart ("optimis",
 * "optim"). The question's word is searched in both. A made-up spelling ("contour" -> "contor")
 * costs nothing: no passage holds it.
 */
const ENDINGS: readonly (readonly [RegExp, string])[] = [
  // optimise, optimised, optimises, optimising, optimisation(s), optimiser(s); analyse, analyser
  [/^(\p{L}{3,}[iy])s(e|es|ed|ing|er|ers|ation|ations)$/u, '$1z$2'],
  [/^(\p{L}{3,}[iy])z(e|es|ed|ing|er|ers|ation|ations)$/u, '$1s$2'],
  // harbour(s), colours, behaviour; not "hour", "four", "your" (too short)
  [/^(\p{L}{3,})our(s|ed|ing)?$/u, '$1or$2'],
  [/^(\p{L}{3,})or(s|ed|ing)?$/u, '$1our$2'],
  // centre(s), metre(s), litre(s), fibre(s)
  [/^(\p{L}{2,}[tb])re(s|d)?$/u, '$1er$2'],
  [/^(\p{L}{2,}[tb])er(s)?$/u, '$1re$2'],
  // analogue, catalogue(s), dialogue(s)
  [/^(\p{L}{3,})ogue(s)?$/u, '$1og$2'],
  [/^(\p{L}{3,})og(s)?$/u, '$1ogue$2'],
  // labelled, cancelling, signalling, fuelled, modeller
  [/^(\p{L}{2,}[aeiou])ll(ed|ing|er|ers)$/u, '$1l$2'],
  [/^(\p{L}{2,}[aeiou])l(ed|ing|er|ers)$/u, '$1ll$2'],
]

/** Words whose other spelling no ending rule gives. */
const WORDS: readonly (readonly [string, string])[] = [
  ['aluminium', 'aluminum'],
  ['grey', 'gray'],
  ['tyre', 'tire'],
  ['tyres', 'tires'],
  ['licence', 'license'],
  ['programme', 'program'],
  ['sulphur', 'sulfur'],
  ['mould', 'mold'],
  ['plough', 'plow'],
]
const OTHER_WORD = new Map(WORDS.flatMap(([uk, us]) => [[uk, us] as const, [us, uk] as const]))

/** The word's other spellings (none for most words). */
export function otherSpellings(word: string): string[] {
  const found = new Set<string>()
  const listed = OTHER_WORD.get(word)
  if (listed) found.add(listed)
  for (const [ending, other] of ENDINGS) {
    if (ending.test(word)) found.add(word.replace(ending, other))
  }
  found.delete(word)
  return [...found]
}
