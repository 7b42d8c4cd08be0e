/**
 * HTML through htmlparser2's streaming parser (a 2 MB reference page never becomes a DOM): the
 * main content only (navigation, headers, footers, asides, forms and scripts are dropped; when
 * the page marks a <main>, only that), headings as the section path, code (<pre>, Doxygen's
 * fragments) kept verbatim, table rows as `cell | cell` lines and definition lists as
 * `term: definition`.
 */
import { Parser } from 'htmlparser2'
import { isFurniture } from './html-furniture.ts'
import { LeadLine } from './html-lead.ts'
import { type HtmlRow, joinHeaderRows, MAX_SPAN } from './html-table.ts'
import type { ParsedText } from './markdown.ts'
import { Outline, type Paragraph, stripTags, tidyVerbatim } from './outline.ts'
import { type Row, tableParagraphs, tidyTable } from './table.ts'
import { UnreadableDocument } from './unreadable.ts'

/** A code block: <pre>, or Doxygen's `div.fragment` of one `div.line` per line. */
const isCode = (name: string, attrs: Record<string, string>) =>
  name === 'pre' || (name === 'div' && (attrs.class ?? '').split(/\s+/).includes('fragment'))
/** Zero-width characters generators put in empty blocks. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g
/**
 * Real pages nest a few dozen elements deep; the parser's work grows with the square of the depth,
 * so a page nested 50,000 deep held the one parsing thread for seconds a megabyte.
 */
const MAX_DEPTH = 1000
const BLOCKS = new Set([
  ...'p div section article main ul ol li blockquote figure figcaption table tr pre'.split(' '),
  ...'dl dt dd hr address details summary body center caption'.split(' '),
])
const HEADING = /^h([1-6])$/
/** The outline level of a sub-heading set in bold (html-lead.ts): below every <h1>-<h6>. */
const SUB_HEADING = 7
/** DocBook's title page sets its authors' and editors' names as headings: they head no section. */
const CREDIT = /\b(?:author|corpauthor|editor|othercredit)\b/

export function parseHtml(html: string, fallbackTitle: string): ParsedText {
  const hasMain = /<main[\s>]|role\s*=\s*["']?main/i.test(html)
  // The title, without a <title>, is the first heading of the top level the page uses.
  const topLevel = Math.min(7, ...[...html.matchAll(/<h([1-6])[\s>]/gi)].map((m) => Number(m[1])))
  const outline = new Outline()
  const paragraphs: Paragraph[] = []
  let title = ''
  let book = ''
  let inTitle = false
  // An icon's <title> ("Light mode" in a theme's sprite of icons) names neither the page nor a passage.
  let svgDepth = 0
  let firstHeading: string | null = null
  let firstAny: string | null = null
  let mainDepth = 0
  let skipDepth = 0
  // `permalinkFrom`: where an in-page link inside the heading began (its "#", "¶" or "§" is no part of it).
  let heading: { level: number; text: string; permalinkFrom?: number } | null = null
  let pre: string | null = null
  let preDepth = 0
  let preTag = ''
  const rows: HtmlRow[] = []
  // Each open table's header rows and rows, made paragraphs when it closes.
  const tables: { head: HtmlRow[]; rows: Row[]; inHead: boolean }[] = []
  let cell: string | null = null
  let term: string | null = null
  // The depth of an open admonition title (docutils' and MkDocs' `p.admonition-title`), else 0.
  let labelDepth = 0
  let lines: string[] = ['']

  const emit = (text: string, verbatim = false) => {
    if (text) paragraphs.push({ section: outline.path, page: null, text, ...(verbatim ? { verbatim } : {}) })
  }
  const lead = new LeadLine(topLevel === 7)
  /** A block's first line that is a sub-heading (html-lead.ts) heads what follows instead of being text. */
  const leadHeading = () => {
    const text = lead.heading(lines.length === 1 && term === null ? (lines[0] ?? '') : '')
    if (text) outline.enter(SUB_HEADING, text)
    return text !== null
  }
  const flush = () => {
    if (leadHeading()) lines = ['']
    const text = lines
      .map((line) => line.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n')
    lines = ['']
    const linksOnly = inPageLinks.text && !inPageLinks.other
    inPageLinks = { open: false, text: false, other: false }
    // A block of nothing but links within the page is a table of contents (Texinfo's, groff's), not content.
    if (!text || linksOnly) return
    if (term !== null) {
      // Sphinx writes its field names with their colon ("Parameters:").
      emit(`${term.replace(/:$/, '')}: ${text}`)
      term = null
    } else emit(text)
  }
  /** The text written since the last block, as one line; the next block starts empty. */
  const takeLines = () => {
    const text = lines.join(' ').replace(/\s+/g, ' ').trim()
    lines = ['']
    return text
  }
  let inPageLinks = { open: false, text: false, other: false }
  const write = (text: string) => {
    if (pre !== null) pre += text
    else if (heading) heading.text += text
    // A cell's own line breaks are '\n' (`breakLine`), its source's layout a space.
    else if (cell !== null) cell += text.replace(/\s+/g, ' ')
    else {
      if (lines.length === 1) lead.wrote(text)
      lines[lines.length - 1] += text
      if (/[\p{L}\p{N}]/u.test(text)) inPageLinks[inPageLinks.open ? 'text' : 'other'] = true
    }
  }

  /** A hard break (<br>): the lines either side stay apart. */
  const breakLine = () => {
    if (pre !== null) pre += '\n'
    else if (heading) heading.text += ' '
    else if (cell !== null) cell += '\n'
    else if (leadHeading()) lines = ['']
    else lines.push('')
  }

  let depth = 0
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (++depth > MAX_DEPTH) {
          throw new UnreadableDocument(
            `This page nests its elements more than ${MAX_DEPTH} deep, which no manual needs.`,
          )
        }
        if (mainDepth > 0) mainDepth++
        else if (hasMain && (name === 'main' || attrs.role === 'main')) mainDepth = 1
        if (skipDepth > 0) {
          skipDepth++
          return
        }
        if (name === 'title') inTitle = true
        if (name === 'svg') svgDepth++
        // A page of a larger book (DocBook's chunked HTML) names the book in its link to the book's first
        // page; a link within the page (Texinfo's "#Top") names a part of this one.
        if (name === 'link' && /\b(home|start)\b/i.test(attrs.rel ?? '') && !(attrs.href ?? '').startsWith('#')) {
          book ||= cleanTitle(attrs.title ?? '')
        }
        if (isFurniture(name, attrs)) {
          skipDepth = 1
          return
        }
        if (hasMain && mainDepth === 0) return
        lead.open(name, attrs)
        const level = CREDIT.test(attrs.class ?? '') ? undefined : HEADING.exec(name)?.[1]
        if (level) {
          flush()
          heading = { level: Number(level), text: '' }
        } else if (pre === null ? isCode(name, attrs) : name === preTag) {
          if (preDepth++ === 0) {
            flush()
            pre = ''
            preTag = name
          } else if (name === 'div') write('\n')
        } else if (name === 'br') breakLine()
        else if (/\badmonition-title\b/.test(attrs.class ?? '') && cell === null && pre === null) {
          flush()
          labelDepth = depth
        } else if (name === 'a') {
          inPageLinks.open = /^#./.test(attrs.href ?? '')
          if (heading && inPageLinks.open) heading.permalinkFrom = heading.text.length
        } else if (name === 'table' && cell === null) {
          flush()
          tables.push({ head: [], rows: [], inHead: false })
        } else if (name === 'thead' && cell === null) {
          const table = tables.at(-1)
          if (table) table.inHead = true
        } else if (name === 'tr' && cell === null) rows.push({ cells: [], spans: [], headings: true })
        else if ((name === 'td' || name === 'th') && cell === null) {
          cell = ''
          const row = rows.at(-1)
          const span = (value: string | undefined) => Math.min(MAX_SPAN, Math.max(1, Number(value) || 1))
          row?.spans.push({ cols: span(attrs.colspan), rows: span(attrs.rowspan) })
          if (row && name === 'td') row.headings = false
        } else if (name === 'td' || name === 'th' || name === 'tr') write(' ')
        else if (name === 'li' && cell === null) lines.push('')
        else if ((BLOCKS.has(name) || HEADING.test(name)) && cell === null && pre === null) flush()
        else if (BLOCKS.has(name)) write(' ')
      },
      ontext(text) {
        if (inTitle) {
          if (svgDepth === 0) title += text
          return
        }
        if (skipDepth > 0 || (hasMain && mainDepth === 0)) return
        // Between a fragment's line <div>s is the page source's layout, not the code's.
        if (preTag === 'div' && preDepth === 1) return
        write(text)
      },
      onclosetag(name) {
        depth--
        const wasInMain = mainDepth > 0
        if (mainDepth > 0) mainDepth--
        if (skipDepth > 0) {
          skipDepth--
          return
        }
        if (name === 'title') inTitle = false
        if (name === 'svg') svgDepth = Math.max(0, svgDepth - 1)
        if (name === 'a') {
          inPageLinks.open = false
          const from = heading?.permalinkFrom
          if (heading && from !== undefined && /^\s*[^\p{L}\p{N}\s]\s*$/u.test(heading.text.slice(from))) {
            heading.text = heading.text.slice(0, from)
          }
          if (heading) heading.permalinkFrom = undefined
        }
        if (hasMain && !wasInMain) return
        lead.close(name)
        const level = HEADING.exec(name)?.[1]
        if (depth + 1 === labelDepth) {
          // "Tip" leads the note it titles ("Tip: …"), as a definition's term does, not a paragraph of its own.
          term = takeLines().replace(/:$/, '') || null
          labelDepth = 0
        } else if (level && heading) {
          const text = heading.text.replace(/\s+/g, ' ').trim()
          heading = null
          if (Number(level) === topLevel) firstHeading ??= text || null
          firstAny ??= text || null
          if (text && text !== (cleanTitle(title) || firstHeading)) outline.enter(Number(level), text)
        } else if (pre !== null && name === preTag && --preDepth === 0) {
          const text = tidyVerbatim(pre)
          pre = null
          emit(text, true)
        } else if ((name === 'td' || name === 'th') && cell !== null) {
          rows.at(-1)?.cells.push(
            cell
              .split('\n')
              .map((line) => line.replace(/ +/g, ' ').trim())
              .filter(Boolean)
              .join('\n'),
          )
          cell = null
        } else if (name === 'thead' && cell === null) {
          const table = tables.at(-1)
          if (table) table.inHead = false
        } else if (name === 'tr' && cell === null) {
          const row = rows.pop()
          if (!row?.cells.some(Boolean)) return
          const table = tables.at(-1)
          // The rows of a <thead>, or rows of <th> cells before any other, are the header.
          if (table && table.rows.length === 0 && (table.inHead || row.headings)) {
            table.head.push({ ...row, cells: row.cells.map((text) => text.replace(/\s+/g, ' ')) })
          } else if (table) table.rows.push(row.cells)
          else emit(row.cells.join(' | '), true)
        } else if (name === 'table' && cell === null) {
          const { head = [], rows: body = [] } = tables.pop() ?? {}
          // A table of <th> cells only has rows, not a header.
          const tidy =
            body.length === 0
              ? tidyTable(head.map((row) => row.cells))
              : tidyTable(body, head.length > 1 ? joinHeaderRows(head) : head[0]?.cells)
          for (const p of tableParagraphs(tidy, { section: outline.path, page: null })) paragraphs.push(p)
          flush()
        } else if (name === 'dt') {
          term = takeLines()
        } else if ((BLOCKS.has(name) || level) && cell === null && pre === null) flush()
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.write(html)
  parser.end()
  flush()
  return {
    title: inBook(cleanTitle(title) || firstHeading || firstAny || fallbackTitle, book || wikiOf(title)),
    paragraphs,
  }
}

/** A chapter's title with its book's ("GPSBabel Documentation — NMEA 0183 sentences"), unless one holds the other. */
function inBook(title: string, book: string): string {
  const [a, b] = [title.toLowerCase(), book.toLowerCase()]
  return !book || a.includes(b) || b.includes(a) ? title : `${book} — ${title}`
}

/**
 * A wiki's page id in the <title> (DokuWiki's export: "opencpn:opencpn_user_manual:connections") is
 * no page's name, but its first namespace names the wiki: the book the page is a chapter of.
 */
const PAGE_ID = /^[\p{Ll}\d_.-]+(?::[\p{Ll}\d_.-]+)+$/u
const plainTitle = (title: string) => stripTags(title).replace(/\s+/g, ' ').trim()
const wikiOf = (title: string) => {
  const clean = plainTitle(title)
  return PAGE_ID.test(clean) ? (clean.split(':')[0] ?? '').replace(/_/g, ' ') : ''
}
// A <title> is plain text: markup written in it (yodl's "<strong>socat</strong>") is no part of the name.
const cleanTitle = (title: string) => (wikiOf(title) ? '' : plainTitle(title))
