/**
 * What a manual's file is, decided by its extension and proven by its bytes: a PDF must start
 * with `%PDF-` (within the first 1 KB, as readers allow), a text format must be UTF-8 with no NUL
 * byte (an executable renamed `.pdf` or `.md` is neither). The declared MIME type is not trusted.
 */
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.txt': 'text/plain',
}
export const ACCEPTED_EXTENSIONS = Object.keys(TYPES)

export const UNKNOWN_TYPE = `This file type is not accepted. Upload a PDF, HTML, Markdown or plain-text file (${ACCEPTED_EXTENSIONS.join(', ')}).`
export const WRONG_CONTENT = (fileName: string) =>
  `"${fileName}" is not what its name says: its content does not match its extension.`

export function contentTypeOf(fileName: string): string | null {
  return TYPES[path.extname(fileName).toLowerCase()] ?? null
}

/** Whether the first bytes of a file (up to 8 KB) fit its declared kind. */
export function contentMatches(contentType: string, head: Uint8Array): boolean {
  if (contentType === 'application/pdf') {
    return Buffer.from(head.subarray(0, 1024)).includes('%PDF-')
  }
  if (head.includes(0)) return false
  try {
    // A multi-byte character cut at the end of the sample is fine; anything else invalid is not.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)))
    return true
  } catch {
    return false
  }
}

/**
 * The name a file is kept under: its last path part only (no folders from the sender's machine),
 * no control characters, at most 200 characters with the extension kept. Empty means unusable.
 */
export function cleanFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim()
  if (clean.length <= 200) return clean.replace(/^\.+$/, '')
  const ext = path.extname(clean).slice(0, 20)
  return clean.slice(0, 200 - ext.length) + ext
}

/** A title from a file name: no extension, separators as spaces. */
export const titleFromFileName = (fileName: string) =>
  path.basename(fileName, path.extname(fileName)).replace(/[-_]+/g, ' ').trim() || fileName
