/**
 * Fits the weights of answer-odds.ts: `npx tsx bench/fit-answer-odds.ts whole.jsonl own.jsonl`,
 * over what `npm run eval:retrieval -- --evidence whole.jsonl` (and `-- --own --evidence
 * own.jsonl`) wrote for each question. A logistic regression, answerable against not, the
 * unanswerable questions weighing as much in all as the answerable ones. Prints the weights fitted
 * over every set, then each set's false "nothing relevant" and unanswerable questions said so when
 * it is left out of the fit and judged by the weights of the others, at a few cut-offs, in both
 * tenancies: what to expect of documents and questions the weights never saw.
 */
import fs from 'node:fs'
import { type Evidence, oddsInputs } from '@mw/sync-protocol/retrieval'

interface Row {
  set: string
  tenancy: string
  answerable: boolean
  evidence?: Evidence
}
const features = (e: Evidence) => [1, ...Object.values(oddsInputs(e))]
const CUTS = [-1.25, -1, -0.85, -0.75, -0.5]

const rows: Row[] = process.argv
  .slice(2)
  .flatMap((file) => fs.readFileSync(file, 'utf8').trim().split('\n'))
  .map((line) => JSON.parse(line) as Row)
const NAMES = ['intercept', ...Object.keys(oddsInputs(rows.find((r) => r.evidence)?.evidence as Evidence))]

function fitWeights(train: Row[]): number[] {
  const answerable = train.filter((r) => r.answerable).length
  const balance = answerable / Math.max(1, train.length - answerable)
  let weights = features(train[0]?.evidence as Evidence).map(() => 0)
  for (let step = 0; step < 3000; step++) {
    const gradient = weights.map(() => 0)
    for (const row of train) {
      if (!row.evidence) continue
      const x = features(row.evidence)
      const p = 1 / (1 + Math.exp(-x.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0)))
      const weight = row.answerable ? 1 : balance
      x.forEach((v, i) => {
        gradient[i] = (gradient[i] ?? 0) + weight * (p - (row.answerable ? 1 : 0)) * v
      })
    }
    weights = weights.map((w, i) => w - (0.5 * (gradient[i] ?? 0)) / train.length)
  }
  return weights
}
const odds = (weights: number[], row: Row) =>
  row.evidence ? features(row.evidence).reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0) : -Infinity

const all = fitWeights(rows.filter((r) => r.evidence))
console.log('Fitted over every set:')
for (const [i, name] of NAMES.entries()) console.log(`  ${name} ${all[i]?.toFixed(2)}`)

const sets = [...new Set(rows.map((r) => r.set))]
const judged = sets.flatMap((set) => {
  const weights = fitWeights(rows.filter((r) => r.set !== set && r.evidence))
  return rows.filter((r) => r.set === set).map((row) => ({ row, odds: odds(weights, row) }))
})
console.log('\nEach set judged by the weights fitted over the others (false nothing, unanswerable said so):')
for (const tenancy of [...new Set(rows.map((r) => r.tenancy))]) {
  const ofTenancy = judged.filter((j) => j.row.tenancy === tenancy)
  const figures = CUTS.map((cut) => {
    const falseNothing = ofTenancy.filter((j) => j.row.answerable && j.odds < cut).length
    const saidSo = ofTenancy.filter((j) => !j.row.answerable && j.odds < cut).length
    return `cut ${cut}: ${falseNothing} / ${saidSo}`
  })
  const answerable = ofTenancy.filter((j) => j.row.answerable).length
  console.log(`  ${tenancy} (${answerable} answerable, ${ofTenancy.length - answerable} not): ${figures.join(', ')}`)
}
