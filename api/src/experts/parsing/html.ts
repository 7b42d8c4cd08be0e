/**
 * HTML through htmlparser2's streaming parser (a 2 MB reference page never becomes a DOM): the
 * main content only (navigation, headers, footers, asides, forms and scripts are dropped; when
 * the page marks a <main>, only that), headings as the section path, <pre> kept verbatim, table
 * rows as `cell | cell` lines and definition lists as `term: definition`.
 */
import { Parser } from 'htmlparser2'
import type { ParsedText } from './markdown.ts'
import { Outline, type Paragraph, tidyVerbatim } from './outline.ts'
import { type Row, tableParagraphs, tidyTable } from './table.ts'

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'button',
  'select',
  'textarea',
  'iframe',
  'meta',
  'link',
  'dialog',
])
const SKIPPED_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'search', 'complementary', 'menu', 'menubar'])
/** Page furniture marked by id or class, as pages written before HTML5's elements (and generators such as Asciidoctor) do. */
const SKIPPED_IDS = new Set(['header', 'footer', 'toc', 'breadcrumbs'])
/** `headerlink`: the ¶ (or an icon font's glyph) that Sphinx and MkDocs put after each heading as its permalink. */
const SKIPPED_CLASSES = new Set(['toc', 'breadcrumb', 'breadcrumbs', 'headerlink'])
/** Zero-width characters generators put in empty blocks. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'ul',
  'ol',
  'li',
  'blockquote',
  'figure',
  'figcaption',
  'table',
  'tr',
  'pre',
  'dl',
  'dt',
  'dd',
  'hr',
  'address',
  'details',
  'summary',
  'body',
  'center',
  'caption',
])
const HEADING = /^h([1-6])$/

export function parseHtml(html: string, fallbackTitle: string): ParsedText {
  const hasMain = /<main[\s>]|role\s*=\s*["']?main/i.test(html)
  // The title, without a <title>, is the first heading of the top level the page uses.
  const topLevel = Math.min(7, ...[...html.matchAll(/<h([1-6])[\s>]/gi)].map((m) => Number(m[1])))
  const outline = new Outline()
  const paragraphs: Paragraph[] = []
  let title = ''
  let inTitle = false
  let firstHeading: string | null = null
  let firstAny: string | null = null
  let mainDepth = 0
  let skipDepth = 0
  let heading: { level: number; text: string } | null = null
  let pre: string | null = null
  let preDepth = 0
  const cells: string[][] = []
  // Each open table's rows, made paragraphs when it closes.
  const tables: Row[][] = []
  let cell: string | null = null
  let term: string | null = null
  let lines: string[] = ['']

  const emit = (text: string, verbatim = false) => {
    if (text) paragraphs.push({ section: outline.path, page: null, text, ...(verbatim ? { verbatim } : {}) })
  }
  const flush = () => {
    const text = lines
      .map((line) => line.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n')
    lines = ['']
    if (!text) return
    if (term !== null) {
      emit(`${term}: ${text}`)
      term = null
    } else emit(text)
  }
  const write = (text: string) => {
    if (pre !== null) pre += text
    else if (heading) heading.text += text
    else if (cell !== null) cell += text
    else lines[lines.length - 1] += text
  }

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (mainDepth > 0) mainDepth++
        else if (hasMain && (name === 'main' || attrs.role === 'main')) mainDepth = 1
        if (skipDepth > 0) {
          skipDepth++
          return
        }
        if (name === 'title') inTitle = true
        if (
          SKIPPED.has(name) ||
          SKIPPED_ROLES.has(attrs.role ?? '') ||
          SKIPPED_IDS.has(attrs.id ?? '') ||
          (attrs.class ?? '').split(/\s+/).some((c) => SKIPPED_CLASSES.has(c)) ||
          'hidden' in attrs ||
          attrs['aria-hidden'] === 'true'
        ) {
          skipDepth = 1
          return
        }
        if (hasMain && mainDepth === 0) return
        const level = HEADING.exec(name)?.[1]
        if (level) {
          flush()
          heading = { level: Number(level), text: '' }
        } else if (name === 'pre') {
          if (preDepth++ === 0) {
            flush()
            pre = ''
          }
        } else if (name === 'br') write('\n')
        else if (name === 'table' && cell === null) {
          flush()
          tables.push([])
        } else if (name === 'tr' && cell === null) cells.push([])
        else if ((name === 'td' || name === 'th') && cell === null) cell = ''
        else if (name === 'td' || name === 'th' || name === 'tr') write(' ')
        else if (name === 'li' && cell === null) lines.push('')
        else if (BLOCKS.has(name) && cell === null && pre === null) flush()
        else if (BLOCKS.has(name)) write(' ')
      },
      ontext(text) {
        if (inTitle) {
          title += text
          return
        }
        if (skipDepth > 0 || (hasMain && mainDepth === 0)) return
        write(text)
      },
      onclosetag(name) {
        const wasInMain = mainDepth > 0
        if (mainDepth > 0) mainDepth--
        if (skipDepth > 0) {
          skipDepth--
          return
        }
        if (name === 'title') inTitle = false
        if (hasMain && !wasInMain) return
        const level = HEADING.exec(name)?.[1]
        if (level && heading) {
          const text = heading.text.replace(/\s+/g, ' ').trim()
          heading = null
          if (Number(level) === topLevel) firstHeading ??= text || null
          firstAny ??= text || null
          if (text && text !== (cleanTitle(title) || firstHeading)) outline.enter(Number(level), text)
        } else if (name === 'pre' && --preDepth === 0 && pre !== null) {
          const text = tidyVerbatim(pre)
          pre = null
          emit(text, true)
        } else if ((name === 'td' || name === 'th') && cell !== null) {
          cells.at(-1)?.push(cell.replace(/\s+/g, ' ').trim())
          cell = null
        } else if (name === 'tr' && cell === null) {
          const row = cells.pop() ?? []
          if (!row.some(Boolean)) return
          const table = tables.at(-1)
          if (table) table.push(row)
          else emit(row.join(' | '), true)
        } else if (name === 'table' && cell === null) {
          const rows = tables.pop() ?? []
          paragraphs.push(...tableParagraphs(tidyTable(rows), { section: outline.path, page: null }))
          flush()
        } else if (name === 'dt') {
          term = lines.join(' ').replace(/\s+/g, ' ').trim()
          lines = ['']
        } else if (BLOCKS.has(name) && cell === null && pre === null) flush()
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.write(html)
  parser.end()
  flush()
  return { title: cleanTitle(title) || firstHeading || firstAny || fallbackTitle, paragraphs }
}

const cleanTitle = (title: string) => title.replace(/\s+/g, ' ').trim()
