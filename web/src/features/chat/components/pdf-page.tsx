import { useEffect, useRef, useState } from 'react'

interface Box {
  left: number
  top: number
  width: number
  height: number
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()

/**
 * One page of a PDF as the manual prints it, drawn by pdfjs-dist at the width of the screen, with
 * boxes over the words of the cited passage. pdfjs loads only here, when a PDF is opened (it is
 * not precached: the viewer needs the network), and fetches the file by byte ranges.
 */
/** Fetches pdfjs and its worker, so the service worker keeps them for the page view offline. */
export async function preloadPdfViewer(): Promise<void> {
  const [, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
  await fetch(worker.default)
}

/** `source` is the original's URL, or its bytes when kept on the device. */
export function PdfPage({ source, page, cited }: { source: string | ArrayBuffer; page: number; cited: string | null }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [boxes, setBoxes] = useState<Box[]>([])
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let cancelled = false
    let destroy: (() => Promise<void>) | null = null
    const draw = async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ])
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default
      // pdfjs takes ownership of the bytes it is given: hand it a copy, the kept one stays whole.
      const task = pdfjs.getDocument(
        typeof source === 'string' ? { url: source, withCredentials: true } : { data: new Uint8Array(source.slice(0)) },
      )
      destroy = () => task.destroy()
      const pdfPage = await (await task.promise).getPage(page)
      const target = canvas.current
      if (!target || cancelled) return
      const width = target.parentElement?.clientWidth || 800
      const viewport = pdfPage.getViewport({ scale: width / pdfPage.getViewport({ scale: 1 }).width })
      const ratio = window.devicePixelRatio || 1
      target.width = Math.floor(viewport.width * ratio)
      target.height = Math.floor(viewport.height * ratio)
      target.style.width = `${viewport.width}px`
      target.style.height = `${viewport.height}px`
      await pdfPage.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      }).promise
      if (!cited) return
      const wanted = normalize(cited)
      const found: Box[] = []
      for (const item of (await pdfPage.getTextContent()).items) {
        if (!('str' in item)) continue
        const text = normalize(item.str)
        if (text.length < 3 || !wanted.includes(text)) continue
        const [, , c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[]
        const height = Math.hypot(c as number, d as number)
        found.push({ left: e as number, top: (f as number) - height, width: item.width * viewport.scale, height })
      }
      if (!cancelled) setBoxes(found)
    }
    draw().catch(() => !cancelled && setFailed(true))
    return () => {
      cancelled = true
      void destroy?.()
    }
  }, [source, page, cited])

  if (failed) return <p className="muted">This page could not be drawn; its text is below.</p>
  return (
    <div className="pdf-page">
      <canvas ref={canvas} role="img" aria-label={`Page ${page} of the manual`} />
      {boxes.map((b) => (
        <span
          key={`${b.left},${b.top}`}
          className="pdf-highlight"
          style={{ left: b.left, top: b.top, width: b.width, height: b.height }}
        />
      ))}
    </div>
  )
}
