import { type ImageUpload, LIMITS } from '@mw/sync-protocol'
import { type KeyboardEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react'
import { Icon } from '../../../components/ui/icon.tsx'
import { errorToast } from '../../../components/ui/toast-store.ts'
import { Tooltip } from '../../../components/ui/tooltip.tsx'
import { ImageError, prepareImage } from '../../../lib/images.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'

interface ComposerProps {
  draft: string
  onDraftChange: (draft: string) => void
  /** Resolves true once the message is saved; until then (and if it is not) the text stays. */
  onSend: (text: string, images: ImageUpload[]) => Promise<boolean>
  streaming?: boolean
  disabled?: boolean
  placeholder?: string
  /** While an answer streams, the send button becomes Stop. */
  onStop?: () => void
  /** The text box, for a screen that puts an earlier question back in it (edit and resend). */
  inputRef?: RefObject<HTMLTextAreaElement | null>
}

interface Attachment {
  key: string
  upload: ImageUpload
}

let attachmentSeq = 0

/** Enter sends, Shift+Enter adds a line; grows to 128 px; up to 3 checked and resized images. */
export function Composer({
  draft,
  onDraftChange,
  onSend,
  streaming = false,
  disabled = false,
  placeholder,
  onStop,
  inputRef,
}: ComposerProps) {
  const online = useOnlineStatus()
  const [images, setImages] = useState<Attachment[]>([])
  const [preparing, setPreparing] = useState(false)
  const [saving, setSaving] = useState(false)
  const ownRef = useRef<HTMLTextAreaElement>(null)
  const textRef = inputRef ?? ownRef
  const fileRef = useRef<HTMLInputElement>(null)
  const latestDraft = useRef(draft)
  latestDraft.current = draft
  const canSend = draft.trim().length > 0 && !streaming && !disabled && !preparing && !saving

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text, so it is measured again whenever the draft changes
  useLayoutEffect(() => {
    const el = textRef.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(el.scrollHeight, LIMITS.composerMaxHeightPx)}px`
  }, [draft])

  const submit = async () => {
    if (!canSend) return
    const text = draft.trim()
    setSaving(true)
    const saved = await onSend(
      text,
      images.map((a) => a.upload),
    ).catch(() => false)
    setSaving(false)
    if (!saved) return
    // Only what was sent is cleared: text typed while saving stays.
    if (latestDraft.current.trim() === text) onDraftChange('')
    setImages([])
    // The next question starts where the last one was typed, not at the top of the page.
    textRef.current?.focus()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void submit()
    }
  }

  const addFiles = async (files: File[]) => {
    const room = LIMITS.imagesPerMessage - images.length
    const chosen = files.slice(0, Math.max(0, room))
    setPreparing(true)
    const added: Attachment[] = []
    for (const file of chosen) {
      try {
        added.push({ key: `image-${++attachmentSeq}`, upload: await prepareImage(file) })
      } catch (error) {
        errorToast('Image upload failed', error instanceof ImageError ? error.message : 'Failed to load image')
      }
    }
    setImages((current) => [...current, ...added].slice(0, LIMITS.imagesPerMessage))
    setPreparing(false)
  }

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      {images.length > 0 && (
        <ul className="composer-images" aria-label="Attached images">
          {images.map(({ key, upload }) => (
            <li key={key}>
              <img src={upload.data} alt={upload.name} />
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${upload.name}`}
                onClick={() => setImages((list) => list.filter((a) => a.key !== key))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="composer-row">
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          hidden
          aria-label="Attach images"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? [])
            e.target.value = ''
            void addFiles(files)
          }}
        />
        <Tooltip label="Attach up to 3 photos (JPEG, PNG or WebP, 10 MB each)">
          <button
            type="button"
            className="btn btn-ghost icon-btn"
            aria-label="Attach image"
            disabled={disabled || images.length >= LIMITS.imagesPerMessage}
            onClick={() => fileRef.current?.click()}
          >
            <Icon name="clip" />
          </button>
        </Tooltip>
        <textarea
          ref={textRef}
          className="composer-input"
          aria-label="Message"
          rows={1}
          value={draft}
          disabled={disabled}
          placeholder={placeholder ?? 'Ask a question…'}
          onChange={(e) => onDraftChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {streaming && onStop ? (
          <button type="button" className="btn btn-secondary" aria-label="Stop answer" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" className="btn btn-primary" aria-label="Send message" disabled={!canSend}>
            {streaming ? '…' : 'Send'}
          </button>
        )}
      </div>
      {!online && (
        <p className="composer-status" role="status">
          Offline: messages are kept on this device and sent when the connection returns.
        </p>
      )}
    </form>
  )
}
