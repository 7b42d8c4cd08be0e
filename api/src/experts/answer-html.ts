import { escapeHtml } from '@mw/sync-protocol'
import { sanitizeRichHtml } from '../lib/sanitize.ts'

/** One Markdown-style line as sanitised HTML; model text is always escaped first, never trusted as HTML. */
export function lineToHtml(line: string): string {
  const trimmed = line.trim()
  if (!trimmed) return ''
  const inline = (text: string) =>
    escapeHtml(text)
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\[(\d{1,2})\]/g, '<sup>[$1]</sup>')
  const heading = /^#{1,6}\s+(.*)$/.exec(trimmed)
  const bullet = /^[-*•]\s+(.*)$/.exec(trimmed)
  const html = heading
    ? `<h4>${inline(heading[1] ?? '')}</h4>`
    : bullet
      ? `<ul><li>${inline(bullet[1] ?? '')}</li></ul>`
      : `<p>${inline(trimmed)}</p>`
  return sanitizeRichHtml(html)
}

/**
 * Turns streamed text deltas into complete HTML blocks, one per finished line, so every `text`
 * event is well-formed sanitised HTML and their concatenation is the stored answer.
 */
export class HtmlLineBuffer {
  private pending = ''

  push(delta: string): string {
    this.pending += delta
    const end = this.pending.lastIndexOf('\n')
    if (end === -1) return ''
    const complete = this.pending.slice(0, end)
    this.pending = this.pending.slice(end + 1)
    return complete.split('\n').map(lineToHtml).join('')
  }

  end(): string {
    const rest = lineToHtml(this.pending)
    this.pending = ''
    return rest
  }
}
