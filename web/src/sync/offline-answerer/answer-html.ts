import { escapeHtml } from '@mw/sync-protocol/retrieval'

const inline = (text: string) =>
  escapeHtml(text)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[(\d{1,2})\]/g, '<sup>[$1]</sup>')

/**
 * The built-in answerer's lines (paragraphs, bold source names, bullets) as HTML, on the device;
 * every character of the manuals is escaped first, and the screen sanitises again.
 */
export function answerLinesToHtml(lines: string[]): string {
  let html = ''
  let items: string[] = []
  const closeList = () => {
    if (items.length) html += `<ul>${items.map((i) => `<li>${inline(i)}</li>`).join('')}</ul>`
    items = []
  }
  for (const line of lines) {
    const text = line.trim()
    const bullet = /^[-*•]\s+(.*)$/.exec(text)
    if (bullet) {
      items.push(bullet[1] ?? '')
      continue
    }
    closeList()
    if (text) html += `<p>${inline(text)}</p>`
  }
  closeList()
  return html
}
