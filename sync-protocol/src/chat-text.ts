/**
 * How a question becomes stored HTML and a conversation title. Shared because the device writes
 * the same shape optimistically that the server stores, so a queued message already looks final.
 */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The user's question as HTML: escaped text, paragraphs and line breaks kept. */
export const questionHtml = (query: string) =>
  query
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')

/** A conversation's title from its first question: plain text (no markup), one line, at most 60 characters. */
export const titleFromQuestion = (query: string) => {
  const oneLine =
    query
      .replace(/<[^>]*>?/g, ' ')
      .trim()
      .replace(/\s+/g, ' ') || 'New Conversation'
  return oneLine.length > 60 ? `${oneLine.slice(0, 57).trimEnd()}...` : oneLine
}
