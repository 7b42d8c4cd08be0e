import { type Compilable, type CompiledQuery, createQueryId, type RootOperationNode } from 'kysely'
import { type Db, isPostgres } from './database.ts'
import { prepareOnPostgres } from './prepared-statements.ts'
import { readConnection } from './read-connection.ts'

const mark = (i: number) => `\u0000argument ${i}\u0000`

type Slot = { argument: number } | { value: unknown }
interface Compiled {
  sql: string
  query: RootOperationNode
  slots: Slot[]
}

/**
 * Builds and compiles a query with placeholders for the arguments that are given (an argument
 * left undefined must not be used), and notes where each argument goes among the parameters.
 */
function compileWithPlaceholders<R>(
  db: Db,
  build: (...placeholders: (string | undefined)[]) => Compilable<R>,
  args: (string | undefined)[],
): Compiled {
  const marks = args.map((arg, i) => (arg === undefined ? undefined : mark(i)))
  const { sql, query, parameters } = build(...marks).compile()
  const slots = parameters.map((value): Slot => {
    if (value === undefined) throw new Error('compiledOnce: an argument that was not given was used')
    const argument = marks.indexOf(value as string)
    if (argument < 0 && typeof value === 'string' && value.includes('\u0000')) {
      throw new Error('compiledOnce: an argument was used inside a value')
    }
    return argument >= 0 ? { argument } : { value }
  })
  if (marks.some((m) => m !== undefined && !parameters.includes(m))) {
    throw new Error('compiledOnce: an argument is not a parameter')
  }
  if (isPostgres(db)) prepareOnPostgres(sql)
  return { sql, query, slots }
}

async function run<R>(db: Db, query: Compiled, args: (string | undefined)[]): Promise<R[]> {
  const parameters = query.slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.value))
  const read = readConnection(db)
  if (read) return read(query.sql, parameters) as R[]
  // The query's node as compiled, not a raw one made anew (with its frozen parts) on every call.
  const compiled: CompiledQuery<R> = { sql: query.sql, query: query.query, parameters, queryId: createQueryId() }
  return (await db.executeQuery(compiled)).rows
}

/**
 * A read Kysely builds and compiles once per database rather than on every call (on a SQLite
 * file it runs on the read connection, `read-connection.ts`). Building and
 * compiling a query costs ~30 µs in a loop, and under load in the server (where Kysely's code
 * has seen every query of the app) the page of cases cost ~100 µs more per request than its
 * SQL run directly. `build` is given placeholders for the arguments; each must reach the SQL as a
 * parameter of its own (not be part of a value or decide the query's shape), or the first call
 * throws.
 */
export function compiledOnce<A extends string[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Db, Compiled>()
  return async (db, ...args) => {
    let query = compiled.get(db)
    if (!query) {
      query = compileWithPlaceholders(db, (...marks) => build(db, ...(marks as A)), args)
      compiled.set(db, query)
    }
    return run<R>(db, query, args)
  }
}

/**
 * A query whose shape depends on a few choices (a page's size, whether a cursor is given, whether
 * the caller sees everyone's rows), compiled once per database and shape. The choices are `shape`
 * (its JSON is the key); arguments are placeholders as for `compiledOnce`, and one the shape does
 * not use is passed as undefined.
 */
export function compiledPerShape<S, A extends (string | undefined)[], R>(
  build: (db: Db, shape: S, ...args: A) => Compilable<R>,
): (db: Db, shape: S, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Db, Map<string, Compiled>>()
  return async (db, shape, ...args) => {
    let shapes = compiled.get(db)
    if (!shapes) {
      shapes = new Map()
      compiled.set(db, shapes)
    }
    const key = `${JSON.stringify(shape)}:${args.map((arg) => (arg === undefined ? 0 : 1)).join('')}`
    let query = shapes.get(key)
    if (!query) {
      query = compileWithPlaceholders(db, (...marks) => build(db, shape, ...(marks as A)), args)
      shapes.set(key, query)
    }
    return run<R>(db, query, args)
  }
}
