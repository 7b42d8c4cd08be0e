/**
 * What every parser produces: paragraphs that know their section path and page. The section path
 * is the chain of headings above a paragraph ("Troubleshooting › No fix"), so a passage found
 * deep in a manual still says where it sits.
 */
import sanitizeHtml from 'sanitize-html'
import { decodeEntities } from '../../lib/sanitize.ts'

export interface Paragraph {
  section: string | null
  page: number | null
  text: string
  /** Code, a table row or a definition: kept whole and as written, never reflowed or split at sentences. */
  verbatim?: boolean
  /** A table row's header row, repeated where a passage starts inside the table. */
  header?: string
}

export const SECTION_SEPARATOR = ' › '
const MAX_SECTION_CHARS = 300

/** Headings seen so far, by level; `path` is the breadcrumb for the text that follows. */
export class Outline {
  private readonly stack: { level: number; text: string }[] = []

  enter(level: number, text: string): void {
    const clean = text.replace(/\s+/g, ' ').trim()
    if (!clean) return
    while (this.stack.length > 0 && (this.stack.at(-1)?.level ?? 0) >= level) this.stack.pop()
    this.stack.push({ level, text: clean })
  }

  /** The headings open, outermost first. */
  get open(): readonly { level: number; text: string }[] {
    return this.stack
  }

  get path(): string | null {
    if (this.stack.length === 0) return null
    const full = this.stack.map((h) => h.text).join(SECTION_SEPARATOR)
    return full.length <= MAX_SECTION_CHARS ? full : `…${full.slice(-MAX_SECTION_CHARS)}`
  }
}

/** A line of Markdown (or text that may be) as plain text: its list mark and inline syntax go. */
const fromMarkdown = (line: string) => plainInline(line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, ''))

/**
 * A line of text that is no Markdown (a PDF's) as it is written: only the "- " its parser puts
 * before a bullet's item goes. Read as Markdown, "__FILE__" would lose its underscores, a C comment
 * its stars, ">>> prompt" a ">" and a numbered step or code line its number.
 */
export const asWritten = (line: string) => line.replace(/^- /, '').replace(/\s+/g, ' ').trim()

/** Blank lines separate paragraphs; list items stay together as lines of one paragraph. */
export function splitParagraphs(
  text: string,
  section: string | null,
  page: number | null,
  plain: (line: string) => string = fromMarkdown,
): Paragraph[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map(plain).filter(Boolean).join('\n'))
    .filter((block) => block.length > 0)
    .map((block) => ({ section, page, text: block }))
}

/**
 * Markdown inline syntax to plain text: links keep their words (reference links too), images go
 * (a README's badge, an image in a link, leaves nothing), emphasis and code marks go. No bracket
 * or parenthesis inside a link's parts: each attempt then stops at the next one, so a line of
 * "[a](" a million times over is read in linear time, not quadratic.
 */
export const plainInline = (line: string) =>
  line
    .replace(/!\[[^[\]()]*\](\([^[\]()]*\)|\[[^[\]()]*\])/g, '')
    .replace(/\[\s*\]\([^[\]()]*\)/g, '')
    .replace(/\[([^[\]()]+)\](\([^[\]()]*\)|\[[^[\]()]*\])/g, '$1')
    .replace(/\[\[\d+\]\]/g, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|\s)[*_]([^*_\s][^*_]*)[*_](?=\s|[.,;:!?]|$)/g, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, '$1')
    .replace(/^>\s?/, '')
    .replace(/\s+/g, ' ')
    .trim()

/** Text of a fragment with every tag removed and entities decoded (for Markdown and text files). */
export const stripTags = (html: string) =>
  decodeEntities(sanitizeHtml(html.replace(/<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} }))

/** Verbatim text keeps its lines; only trailing space and runs of blank lines go. */
export const tidyVerbatim = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '')
