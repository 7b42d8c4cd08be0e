import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')
const BUILDS_A_QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(/

/** Source files outside db/ (tests and their kits may set up rows directly). */
function appSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return ['db', 'test'].includes(entry.name) && dir === SRC ? [] : appSources(full)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []
  })
}

describe('the database boundary', () => {
  it('builds every query in db/ (routes, mutations and jobs call its functions)', () => {
    const outside = appSources(SRC).filter((file) => BUILDS_A_QUERY.test(fs.readFileSync(file, 'utf8')))
    expect(outside.map((file) => path.relative(SRC, file))).toEqual([])
  })
})
