import type { MouseEvent } from 'react'
import { useTrainingImageUrl } from '../hooks/use-training-image.ts'

/**
 * An image with numbered markers at its label points (x and y in percent of the image). With
 * `onPick`, a tap on the image gives the point tapped, in the same percent.
 */
export function LabelFigure({
  imageUrl,
  alt,
  points,
  onPick,
}: {
  imageUrl: string
  alt: string
  points: { x: number; y: number }[]
  onPick?: (point: { x: number; y: number }) => void
}) {
  const src = useTrainingImageUrl(imageUrl)
  const pick = (e: MouseEvent<HTMLImageElement>) => {
    if (!onPick) return
    const box = e.currentTarget.getBoundingClientRect()
    const percent = (value: number, size: number) => Math.round(Math.min(100, Math.max(0, (value / size) * 100)))
    onPick({ x: percent(e.clientX - box.left, box.width), y: percent(e.clientY - box.top, box.height) })
  }
  return (
    <figure className="label-figure">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: placing a point is pointer work; labels are typed in the fields below */}
      <img src={src || undefined} alt={alt} onClick={pick} className={onPick ? 'label-pick' : undefined} />
      {points.map((p, i) => (
        <span key={`${p.x},${p.y}`} className="label-marker" style={{ left: `${p.x}%`, top: `${p.y}%` }}>
          {i + 1}
        </span>
      ))}
    </figure>
  )
}
