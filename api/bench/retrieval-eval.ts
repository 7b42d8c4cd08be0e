/**
 * `npm run eval:retrieval`: retrieval quality on the starter packs. Each question names the
 * pack section that answers it; prints recall@5 (the section is among the sources) and MRR.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Expert } from '@mw/sync-protocol'
import { TOP_K } from '@mw/sync-protocol/retrieval'
import { seedKnowledgePacks } from '../src/experts/packs.ts'
import { retrieve } from '../src/experts/retrieve.ts'
import { benchDatabase, benchDeps } from './bench-db.ts'

interface Case {
  expert: Expert
  question: string
  section: string
}

const cases = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'retrieval-questions.json'), 'utf8')) as Case[]
const { db } = await benchDatabase()
await seedKnowledgePacks(benchDeps(db), 'demo')

let hits = 0
let reciprocal = 0
for (const c of cases) {
  const { sources } = await retrieve(db, 'demo', c.expert, c.question, TOP_K)
  const rank = sources.findIndex((s) => s.section === c.section) + 1
  if (rank > 0) {
    hits++
    reciprocal += 1 / rank
  }
  console.log(
    `${rank > 0 ? `#${rank}` : 'miss'.padEnd(2)}  ${c.expert.padEnd(9)} ${c.question}${rank === 0 ? `  (wanted "${c.section}", got ${sources.map((s) => `"${s.section}"`).join(', ') || 'nothing'})` : ''}`,
  )
}
console.log(
  `\n${cases.length} questions: recall@${TOP_K} ${(hits / cases.length).toFixed(2)}, MRR ${(reciprocal / cases.length).toFixed(2)}`,
)
await db.destroy()
