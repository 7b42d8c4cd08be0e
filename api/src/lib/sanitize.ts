import sanitizeHtml from 'sanitize-html'
import { ApiError } from '../errors.ts'

/**
 * The HTML parser's work grows with the square of how deep tags nest: 33,000 nested tags in a
 * 100 KB case description held the event loop, and the write transaction, for half a second; an
 * SVG logo's 70,000 for two. Markup with more start tags than this is refused before it is parsed.
 */
const MAX_TAGS = 5000

/** Refuses markup with more than MAX_TAGS places a parser could open a tag at (`<` then a name). */
export function assertFewTags(markup: string, field: string): void {
  if ((markup.match(/<[^\s/>!?]/g)?.length ?? 0) > MAX_TAGS) {
    throw new ApiError('invalid_input', `This holds too much markup (over ${MAX_TAGS} tags). Shorten it.`, { field })
  }
}

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

/** HTML a member typed (a case's description or note): refused if it holds too much markup, else sanitised. */
export function sanitizeTypedHtml(html: string, field: string): string {
  assertFewTags(html, field)
  return sanitizeRichHtml(html)
}

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
