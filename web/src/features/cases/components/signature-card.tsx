import { type PointerEvent, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { WaitingMark } from '../../../components/ui/waiting-mark.tsx'
import { useLocalDb } from '../../../db/local-db-context.tsx'
import { formatDateTime } from '../../../lib/relative-time.ts'
import { useTenant } from '../../../lib/use-tenant.ts'
import { addSignature } from '../case-files.ts'
import type { CaseFile } from '../hooks/use-case-files.ts'
import { useFileUrl } from './case-files-card.tsx'

const WIDTH = 600
const HEIGHT = 200

/** The customer signs on the tablet; the latest signature goes on the service report. */
export function SignatureCard({ caseId, files }: { caseId: string; files: CaseFile[] }) {
  const latest = files.filter((f) => f.kind === 'signature').at(-1)
  const [signing, setSigning] = useState(false)
  const start = useRef<HTMLButtonElement>(null)
  const finished = useRef(false)
  // The pad's buttons leave the page when it closes: focus goes back to the button that opened it.
  useEffect(() => {
    if (signing || !finished.current) return
    finished.current = false
    start.current?.focus()
  }, [signing])
  const done = () => {
    finished.current = true
    setSigning(false)
  }
  return (
    <section className="card" aria-labelledby="case-signature">
      <div className="card-title-row">
        <h2 id="case-signature">Customer Signature</h2>
        {!signing && (
          <Button ref={start} variant="secondary" className="no-print" onClick={() => setSigning(true)}>
            {latest ? 'Sign again' : 'Capture signature'}
          </Button>
        )}
      </div>
      {signing ? (
        <SignaturePad caseId={caseId} onDone={done} />
      ) : latest ? (
        <SignatureImage file={latest} />
      ) : (
        <p className="muted">Not signed yet.</p>
      )}
    </section>
  )
}

function SignatureImage({ file }: { file: CaseFile }) {
  const url = useFileUrl(useTenant(), file)
  return (
    <figure className="signature">
      <img src={url} alt="The customer's signature" />
      <figcaption className="muted">
        Signed {formatDateTime(file.createdAt)} {file.waiting && <WaitingMark />}
      </figcaption>
    </figure>
  )
}

function SignaturePad({ caseId, onDone }: { caseId: string; onDone: () => void }) {
  const db = useLocalDb()
  const canvas = useRef<HTMLCanvasElement>(null)
  const last = useRef<{ x: number; y: number } | null>(null)
  const [drawn, setDrawn] = useState(false)
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => cancel.current?.focus(), [])

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    return { x: ((e.clientX - box.left) * WIDTH) / box.width, y: ((e.clientY - box.top) * HEIGHT) / box.height }
  }
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId)
    last.current = point(e)
  }
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current
    const context = canvas.current?.getContext('2d')
    if (!from || !context) return
    const to = point(e)
    context.lineWidth = 2.5
    context.lineCap = 'round'
    context.strokeStyle = '#111'
    context.beginPath()
    context.moveTo(from.x, from.y)
    context.lineTo(to.x, to.y)
    context.stroke()
    last.current = to
    setDrawn(true)
  }
  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT)
    setDrawn(false)
  }
  const save = async () => {
    const png = await new Promise<Blob | null>((resolve) => canvas.current?.toBlob(resolve, 'image/png'))
    if (!png) return errorToast('Could not keep the signature', 'Try again.')
    await addSignature(db, caseId, png)
    onDone()
  }

  return (
    <div>
      <canvas
        ref={canvas}
        className="signature-pad"
        width={WIDTH}
        height={HEIGHT}
        aria-label="Sign here with a finger or stylus"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => {
          last.current = null
        }}
        onPointerCancel={() => {
          last.current = null
        }}
      />
      <div className="form-actions">
        <Button ref={cancel} variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={clear} disabled={!drawn}>
          Clear
        </Button>
        <Button onClick={() => void save()} disabled={!drawn}>
          Save signature
        </Button>
      </div>
    </div>
  )
}
