import type { ActivityDay } from '@mw/sync-protocol'
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

const CHART_HEIGHT = 220

/** The colour of a CSS variable of the current theme (the chart draws on a canvas, outside CSS). */
const themeColour = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()

/**
 * Questions per day for each expert as a line chart (uPlot, canvas; about 20 kB with the Reports
 * screen only), with the same figures as a table for screen readers and print.
 */
export function ActivityChart({ days }: { days: ActivityDay[] }) {
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const el = box.current
    if (!el || days.length === 0) return
    const x = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000)
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height: CHART_HEIGHT,
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
        axes: [
          { stroke: themeColour('--muted'), grid: { stroke: themeColour('--border') } },
          { stroke: themeColour('--muted'), grid: { stroke: themeColour('--border') } },
        ],
        series: [
          {},
          { label: 'Seakeeper', stroke: themeColour('--primary'), width: 2 },
          { label: 'Furuno', stroke: themeColour('--text'), width: 2, dash: [6, 4] },
        ],
      },
      [x, days.map((d) => d.seakeeper), days.map((d) => d.furuno)],
      el,
    )
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: CHART_HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [days])

  const total = days.reduce((sum, d) => sum + d.seakeeper + d.furuno, 0)
  return (
    <figure className="activity-chart">
      <div ref={box} role="img" aria-label={`Questions per day: ${total} in ${days.length} days`} />
      <figcaption className="muted">Questions per day, by expert.</figcaption>
      <table className="sr-only">
        <caption>Questions per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Seakeeper</th>
            <th scope="col">Furuno</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.seakeeper}</td>
              <td>{d.furuno}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
