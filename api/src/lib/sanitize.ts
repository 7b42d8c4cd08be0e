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

/** Fields shown as plain text (names, titles): every tag removed, text kept. */
export const stripHtml = (text: string): string => sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).trim()
