import type { ReportRange } from '@mw/sync-protocol'
import { Button } from '../../../components/ui/button.tsx'

const today = () => new Date().toISOString().slice(0, 10)
const daysBack = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

const PRESETS: { label: string; range: () => ReportRange }[] = [
  { label: 'Last 7 days', range: () => ({ from: daysBack(6), to: today() }) },
  { label: 'Last 30 days', range: () => ({ from: daysBack(29), to: today() }) },
  { label: 'Last 90 days', range: () => ({ from: daysBack(89), to: today() }) },
  { label: 'All time', range: () => ({}) },
]

/** The days the reports count (UTC, inclusive): a preset or two dates. */
export function RangePicker({ range, onChange }: { range: ReportRange; onChange: (range: ReportRange) => void }) {
  // A typed date skips min and max: the other end follows it, so the range never runs backwards.
  const setFrom = (from: string | undefined) =>
    onChange({ from, to: from && range.to && range.to < from ? from : range.to })
  const setTo = (to: string | undefined) =>
    onChange({ from: to && range.from && range.from > to ? to : range.from, to })
  return (
    <fieldset className="range-picker no-print">
      <legend className="sr-only">Date range</legend>
      {PRESETS.map((p) => {
        const preset = p.range()
        const active = preset.from === range.from && preset.to === range.to
        return (
          <Button
            key={p.label}
            variant={active ? 'primary' : 'ghost'}
            aria-pressed={active}
            onClick={() => onChange(preset)}
          >
            {p.label}
          </Button>
        )
      })}
      <label>
        From{' '}
        <input
          type="date"
          className="input input-short"
          value={range.from ?? ''}
          max={range.to ?? today()}
          onChange={(e) => setFrom(e.target.value || undefined)}
        />
      </label>
      <label>
        To{' '}
        <input
          type="date"
          className="input input-short"
          value={range.to ?? ''}
          min={range.from}
          max={today()}
          onChange={(e) => setTo(e.target.value || undefined)}
        />
      </label>
    </fieldset>
  )
}
