import sanitizeHtml from 'sanitize-html'

const RICH: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'a',
    'sup',
    'del',
    'hr',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], span: ['class'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
}

/** Message and note HTML: formatting kept, scripts, handlers, styles and foreign URLs removed. */
export const sanitizeRichHtml = (html: string): string => sanitizeHtml(html, RICH)

/** The entities sanitize-html writes into text, back to characters (&amp; last, so nothing decodes twice). */
export const decodeEntities = (text: string): string =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&')

/**
 * Fields shown as plain text (names, titles): every tag removed, text kept as characters
 * ("A & B", not "A &amp; B"); the screens escape it when they render it.
 */
export const stripHtml = (text: string): string =>
  decodeEntities(sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })).trim()
