import { type Compilable, CompiledQuery } from 'kysely'
import type { Db } from './database.ts'

const mark = (i: number) => `\u0000argument ${i}\u0000`

/**
 * A query Kysely builds and compiles once per database rather than on every call: building and
 * compiling costs ~30 µs, which the session and membership lookups paid on every request.
 * `build` is given placeholders for the arguments; each must reach the SQL as a parameter of
 * its own (not be part of a value or decide the query's shape), or the first call throws.
 */
export function compiledOnce<A extends string[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Db, { sql: string; slots: ({ argument: number } | { value: unknown })[] }>()
  return async (db, ...args) => {
    let query = compiled.get(db)
    if (!query) {
      const marks = args.map((_, i) => mark(i)) as A
      const { sql, parameters } = build(db, ...marks).compile()
      const slots = parameters.map((value) => {
        const argument = marks.indexOf(value as string)
        if (argument < 0 && typeof value === 'string' && value.includes('\u0000')) {
          throw new Error('compiledOnce: an argument was used inside a value')
        }
        return argument >= 0 ? { argument } : { value }
      })
      if (marks.some((m) => !parameters.includes(m))) throw new Error('compiledOnce: an argument is not a parameter')
      query = { sql, slots }
      compiled.set(db, query)
    }
    const parameters = query.slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.value))
    return (await db.executeQuery<R>(CompiledQuery.raw(query.sql, parameters))).rows
  }
}
