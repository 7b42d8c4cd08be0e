import type { TrainingQuestion } from '@mw/sync-protocol'
import { type ChangeEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { TextAreaField } from '../../../components/ui/text-area-field.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { uploadTrainingImage } from '../actions.ts'
import { LabelFigure } from './label-figure.tsx'

type ImageLabel = Extract<TrainingQuestion, { type: 'image-label' }>

/** An image-label question: its text, the image (uploaded here), and labels placed by tapping the image. */
export function ImageLabelFields({ question, onChange }: { question: ImageLabel; onChange: (q: ImageLabel) => void }) {
  const id = useId()
  const tenant = useTenant()
  const online = useOnlineStatus()
  const [uploading, setUploading] = useState(false)
  const points = question.labelPoints

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setUploading(true)
    try {
      onChange({ ...question, imageUrl: await uploadTrainingImage(tenant, file) })
    } catch (error) {
      const reason = error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : ''
      errorToast('Image not uploaded', reason || 'Try again with the network.')
    } finally {
      setUploading(false)
    }
  }
  const setLabel = (i: number, label: string) =>
    onChange({ ...question, labelPoints: points.map((p, j) => (j === i ? { ...p, label } : p)) })

  return (
    <>
      <TextAreaField
        label="Question text"
        rows={2}
        value={question.question}
        maxLength={1000}
        onChange={(text) => onChange({ ...question, question: text })}
      />
      <div className="field">
        <label htmlFor={`${id}-img`}>{question.imageUrl ? 'Replace the image' : 'Image'}</label>
        <input
          id={`${id}-img`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={!online || uploading}
          onChange={(e) => void upload(e)}
        />
        {!online && <p className="hint">Uploading an image needs the network.</p>}
      </div>
      {question.imageUrl && (
        <>
          <p className="hint">Tap the image where a label belongs.</p>
          <LabelFigure
            imageUrl={question.imageUrl}
            alt={question.question || 'The image to label'}
            points={points}
            onPick={(p) =>
              points.length < 50 && onChange({ ...question, labelPoints: [...points, { ...p, label: '' }] })
            }
          />
          {points.map((p, i) => (
            <div key={`${p.x},${p.y}`} className="choice-row">
              <span className="label-number">{i + 1}</span>
              <input
                className="input"
                aria-label={`Label ${i + 1}`}
                maxLength={200}
                value={p.label}
                onChange={(e) => setLabel(i, e.target.value)}
              />
              <Button
                variant="ghost"
                onClick={() => onChange({ ...question, labelPoints: points.filter((_, j) => j !== i) })}
              >
                Remove
              </Button>
            </div>
          ))}
        </>
      )}
    </>
  )
}
