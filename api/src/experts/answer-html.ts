import { escapeHtml } from '@mw/sync-protocol'
import { type Links, Marked, type Token } from 'marked'
import { sanitizeRichHtml } from '../lib/sanitize.ts'

/**
 * Model answers are Markdown (tables, code, lists). Raw HTML in them is shown as text, never
 * trusted; headings are demoted below the chat title; citation marks "[2]" become superscripts.
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    heading({ tokens, depth }) {
      const tag = depth <= 2 ? 'h3' : 'h4'
      return `<${tag}>${this.parser.parseInline(tokens)}</${tag}>`
    },
    text(token) {
      const inner = 'tokens' in token && token.tokens ? this.parser.parseInline(token.tokens) : escapeHtml(token.text)
      return inner.replace(/\[(\d{1,2})\]/g, '<sup>[$1]</sup>')
    },
  },
})

/** Each top-level block rendered on its own, so a streamed answer and a whole one give the same HTML. */
function renderBlocks(tokens: Token[], links: Links = {}) {
  return tokens.map((token) => sanitizeRichHtml(markdown.parser(Object.assign([token], { links }))).trimEnd()).join('')
}

/** Markdown as sanitised HTML. */
export function markdownToHtml(text: string): string {
  const tokens = markdown.lexer(text)
  return renderBlocks(tokens, tokens.links)
}

const LEX_EVERY_DELTA_BELOW = 2048

/**
 * Turns streamed Markdown deltas into complete HTML blocks: a block (paragraph, table, code
 * fence) is sent once a blank line or the next block follows it (a list once the next block
 * begins, as a blank line may be followed by its next item), so every `text` event is
 * well-formed sanitised HTML and their concatenation is the stored answer.
 */
export class HtmlBlockBuffer {
  private pending = ''
  /** How long `pending` was when it was last lexed. */
  private lexed = 0

  push(delta: string): string {
    this.pending += delta
    // Lexing reads all that is pending: done at every delta of a block that never closes (a long
    // list), that is quadratic, and a 60 KB list held the event loop for minutes. Past a few KB it
    // is lexed again only once it has doubled.
    if (this.pending.length > LEX_EVERY_DELTA_BELOW && this.pending.length < this.lexed * 2) return ''
    this.lexed = this.pending.length
    const tokens = markdown.lexer(this.pending)
    let last = tokens.length - 1
    while (last >= 0 && tokens[last]?.type === 'space') last--
    const closedByBlankLine = last >= 0 && last < tokens.length - 1 && tokens[last]?.type !== 'list'
    const count = closedByBlankLine ? tokens.length : last
    if (count <= 0) return ''
    const complete = tokens.slice(0, count)
    const consumed = complete.map((t) => t.raw).join('')
    // The lexer may normalise the text it was given (tabs, line ends): only cut when the raw parts line up.
    if (!this.pending.startsWith(consumed)) return ''
    this.pending = this.pending.slice(consumed.length)
    return renderBlocks(complete)
  }

  end(): string {
    const rest = markdownToHtml(this.pending)
    this.pending = ''
    return rest
  }
}
