import type { ReportRange } from '@mw/sync-protocol'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { RangePicker } from './range-picker.tsx'

afterEach(cleanup)

const pick = (range: ReportRange, field: 'From' | 'To', value: string) => {
  const onChange = vi.fn<(range: ReportRange) => void>()
  render(<RangePicker range={range} onChange={onChange} />)
  fireEvent.change(screen.getByLabelText(field), { target: { value } })
  return onChange.mock.calls[0]?.[0]
}

test('a start typed after the end moves the end along, so the reports never answer "the range starts after it ends"', () => {
  expect(pick({ from: '2026-11-01', to: '2026-11-07' }, 'From', '2026-11-20')).toEqual({
    from: '2026-11-20',
    to: '2026-11-20',
  })
})

test('an end typed before the start moves the start along', () => {
  expect(pick({ from: '2026-11-10', to: '2026-11-20' }, 'To', '2026-11-03')).toEqual({
    from: '2026-11-03',
    to: '2026-11-03',
  })
})

test('a date inside the range changes only itself', () => {
  expect(pick({ from: '2026-11-01', to: '2026-11-20' }, 'From', '2026-11-05')).toEqual({
    from: '2026-11-05',
    to: '2026-11-20',
  })
})
