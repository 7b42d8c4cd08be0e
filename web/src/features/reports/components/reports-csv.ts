import { EXPERT_NAMES } from '@mw/sync-protocol'
import type { Reports } from '../hooks/use-reports.ts'

const cell = (value: string | number | null) => {
  // Typed text (questions, titles) that a spreadsheet would run as a formula is kept as text.
  const text =
    value === null ? '' : typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value)
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
const row = (...values: (string | number | null)[]) => values.map(cell).join(',')

/** One CSV with a block per report section, for spreadsheets. */
export function reportsToCsv(r: Reports): string {
  const s = r.summary
  return [
    row('Summary', 'Value'),
    row('Total queries', s.totalQueries),
    row('Resolved cases (%)', s.resolvedPercent),
    row('Training completion (%)', s.trainingCompletionPercent),
    row('Average response time (minutes)', s.avgResponseMinutes),
    row('Median resolution time (minutes)', s.avgResolutionMinutes),
    '',
    row('Expert', 'Queries'),
    ...s.expertUsage.map((u) => row(EXPERT_NAMES[u.expert], u.queries)),
    '',
    row('Top search', 'Count', 'Trend'),
    ...r.topSearches.map((t) => row(t.query, t.count, t.trend)),
    '',
    row('Low confidence topic', 'Queries', 'Confidence (%)'),
    ...r.lowConfidence.map((t) => row(t.topic, t.queries, Math.round(t.confidence * 100))),
    '',
    row('Training module', 'Completion (%)', 'Average score (%)'),
    ...r.training.map((t) => row(t.module, t.completion, t.avgScore)),
  ].join('\n')
}

export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
