/**
 * A vessel's name from the tenant's own cases says which boat a question is about, not what about
 * it ("the gyro on Sea Breeze will not spin up"): its words are left out of the question before
 * retrieval, on the server and the device alike. Left in, they weigh like the question's own words
 * and can make the manual that answers it look as if it did not. A one-word name is left out only
 * where it is written as a name (capitalised, not the question's first word), so a boat called
 * Compass leaves "compass calibration" alone.
 */
import { saidWords } from './terms.ts'

export function withoutNames(query: string, names: readonly string[]): string {
  const text = query.normalize('NFKC')
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)]
  const said = words.map(([word]) => word.toLowerCase())
  let out = text
  for (const name of names) {
    const parts = saidWords(name)
    if (parts.length === 0) continue
    for (let i = 0; i + parts.length <= said.length; i++) {
      if (!parts.every((part, k) => said[i + k] === part)) continue
      const first = words[i] as RegExpExecArray
      const last = words[i + parts.length - 1] as RegExpExecArray
      if (parts.length === 1 && (i === 0 || !/^\p{Lu}/u.test(first[0]))) continue
      const end = last.index + last[0].length
      out = out.slice(0, first.index) + ' '.repeat(end - first.index) + out.slice(end)
    }
  }
  return out
}
