/**
 * Markdown through marked's lexer: headings become the section path (the first top heading is
 * the title), code blocks are kept verbatim, tables become one row per line (`cell | cell`), and
 * list items stay lines of one paragraph.
 */
import { marked, type Token, type Tokens } from 'marked'
import { parseHtml } from './html.ts'
import {
  Outline,
  type Paragraph,
  plainInline,
  SECTION_SEPARATOR,
  splitParagraphs,
  stripTags,
  tidyVerbatim,
} from './outline.ts'
import { tableParagraphs, tidyTable } from './table.ts'

export interface ParsedText {
  title: string
  paragraphs: Paragraph[]
}

export function parseMarkdown(markdown: string, fallbackTitle: string): ParsedText {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '')
  const tokens = marked.lexer(admonitions(jekyllMarkup(shallow(body))), { gfm: true })
  let title: string | null = null
  let topSeen = false
  const outline = new Outline()
  const paragraphs: Paragraph[] = []
  // Pushed one by one: spreading a table or list of 100,000 rows as arguments overflows the stack.
  const add = (found: Paragraph[]) => {
    for (const p of found) paragraphs.push(p)
  }
  const addText = (text: string) => add(splitParagraphs(text, outline.path, null))
  const visit = (token: Token): void => {
    switch (token.type) {
      case 'heading': {
        // A heading's attribute list (`{#id .class}`, kramdown's `{: #id}`) is markup, not words.
        const text = plainInline(stripTags(token.text.replace(/\s*\{:?\s*[#.][^}]*\}\s*$/, '')))
        if (token.depth === 1 && !topSeen) {
          topSeen = true
          if (!CHAPTER_NAME.test(text)) {
            title = text
            return
          }
        }
        outline.enter(token.depth, text)
        return
      }
      case 'code': {
        const text = tidyVerbatim(token.text)
        if (text) paragraphs.push({ section: outline.path, page: null, text, verbatim: true })
        return
      }
      case 'table': {
        const table = token as Tokens.Table
        const cell = (text: string) => plainInline(stripTags(text))
        const header = table.header.map((h) => cell(h.text))
        const rows = table.rows.map((row) => row.map((c) => cell(c.text)))
        add(
          tableParagraphs(tidyTable(rows, header.some(Boolean) ? header : null), { section: outline.path, page: null }),
        )
        return
      }
      case 'list':
        addText((token as Tokens.List).items.map((item) => `- ${stripTags(item.text).replace(/\n+/g, ' ')}`).join('\n'))
        return
      case 'blockquote':
        for (const inner of (token as Tokens.Blockquote).tokens) visit(inner)
        return
      case 'paragraph':
      case 'text':
        // A paragraph's line breaks are the author's wrapping, not the text's; GitHub's `[!NOTE]` says "Note:".
        addText(
          stripTags(token.text ?? '')
            .replace(/\s*\n\s*/g, ' ')
            .replace(/^\[!(note|tip|important|warning|caution)\]/i, (_, kind: string) => `${capitalized(kind)}:`),
        )
        return
      case 'html': {
        // A heading written in HTML (`<h2>Interface</h2>` alone in its block) heads what follows.
        const heading = /^\s*<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>\s*$/i.exec(token.text ?? '')
        if (heading) {
          visit({ type: 'heading', raw: token.raw, depth: Number(heading[1]), text: heading[2] ?? '', tokens: [] })
          return
        }
        // A block of HTML (a README's <table>) is read as HTML: its rows stay rows, its cells apart.
        const html = parseHtml(token.text ?? '', '')
        // A README that opens with a centred block (`<h3 align="center">pyais</h3>`) is named by its heading.
        if (!topSeen && html.title && !CHAPTER_NAME.test(html.title)) {
          topSeen = true
          title = html.title
        }
        for (const p of html.paragraphs) {
          paragraphs.push({ ...p, section: [outline.path, p.section].filter(Boolean).join(SECTION_SEPARATOR) || null })
        }
        return
      }
      default:
    }
  }
  for (const token of tokens) visit(token)
  return { title: title ?? frontMatterTitle(markdown) ?? fallbackTitle, paragraphs }
}

/** A chapter's name is no document's title: a manual whose first heading is "Introduction" is named otherwise. */
const CHAPTER_NAME = /^(introduction|overview|preface|foreword|abstract|(table of )?contents)$/i

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()

/**
 * MkDocs' admonitions (`!!! warning "Before you begin"` over an indented block, `???` when folded)
 * and content tabs (`=== "Raspberry Pi"`) as their title, as a line of its own ("Warning:" without
 * one), and the block's text unindented, not read as one code block; Docusaurus' `:::` blocks alike.
 */
function admonitions(markdown: string): string {
  const lines = markdown.split('\n')
  const out: string[] = []
  let body: string | null = null
  for (const line of lines) {
    const open = /^(\s*)(?:(?:!!!|\?\?\?\+?)\s*([\w-]+)(?:\s+"([^"]*)")?|===\+?\s+"([^"]*)")\s*$/.exec(line)
    // Docusaurus' and VitePress' `:::warning[Battery first]` (or `::: tip Title`) … `:::`, unindented.
    const fence = /^\s*:{3,}\s*(?:([\w-]+)\s*(?:\[(.*)\]|(.*)))?$/.exec(line)
    if (fence) {
      const label = fence[2]?.trim() || fence[3]?.trim() || capitalized(fence[1] ?? '')
      out.push(...(label ? [`${label}:`, ''] : ['']))
    } else if (open) {
      body = `${open[1]}    `
      const label = open[4] ?? open[3] ?? capitalized(open[2] ?? '')
      if (label) out.push(`${open[1]}${label}:`, '')
    } else if (body !== null && (line.startsWith(body) || !line.trim())) out.push(line.replace(body, ''))
    else {
      body = null
      out.push(line)
    }
  }
  return out.join('\n')
}

/**
 * Jekyll's and Hugo's markup outside code blocks: kramdown's attribute lists (`{:width="50%"}`
 * after an image, `{: .note}` or `{:start="4"}` on a line before a block, which would also glue the
 * list after it into a paragraph), Liquid's tags and site variables, and Hugo's shortcodes
 * (`{{< imgrel "a.jpg" >}}caption{{< /imgrel >}}`) are not words; a callout written as
 * `{% include note.html content="…" %}` or `{{% alert title="Warning" %}}` says what it is
 * ("Note: …", "Warning: …"). Code blocks keep theirs.
 */
function jekyllMarkup(markdown: string): string {
  const out: string[] = []
  let prose: string[] = []
  let fence: string | null = null
  const endProse = () => {
    if (prose.length > 0) out.push(withoutJekyll(prose.join('\n')))
    prose = []
  }
  for (const line of markdown.split('\n')) {
    const mark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (mark && (fence === null || mark.startsWith(fence))) fence = fence === null ? mark : null
    if (fence === null && !mark) prose.push(line)
    else {
      endProse()
      out.push(line)
    }
  }
  endProse()
  return out.join('\n')
}

const CALLOUT = /\{%-?\s*include\s+([\w-]+)\.html\s+content=(["'])([\s\S]*?)\2[^%]*%\}/g
const SHORTCODE = /\{\{([<%])\s*(\/?)\s*([\w-]+)([^}]*?)\s*[>%]\}\}/g
const CALLOUT_KIND = /^(note|tip|info|warning|caution|important|danger)$/i
/** A shortcode's own words: an alert's or a notice's title or kind ("Warning: "), nothing else. */
function shortcodeLabel(closing: string, name: string, args: string): string {
  if (closing) return ''
  const title = /\btitle=(["'])(.*?)\1/.exec(args)?.[2]?.trim()
  const kind = CALLOUT_KIND.test(name)
    ? name
    : /^(notice|alert|admonition|callout|hint)$/i.test(name)
      ? args.trim().split(/\s+/)[0]
      : ''
  const label = title || (kind && CALLOUT_KIND.test(kind) ? capitalized(kind) : '')
  return label ? `${label}: ` : ''
}
const withoutJekyll = (text: string) =>
  text
    .replace(SHORTCODE, (_, _delimiter, closing: string, name: string, args: string) =>
      shortcodeLabel(closing, name, args),
    )
    .replace(/^[ \t]*\{:[^}\n]*\}[ \t]*(\n|$)/gm, '')
    .replace(/\{:[^}\n]*\}/g, '')
    .replace(CALLOUT, (_, kind: string, _quote, content: string) =>
      /^(note|tip|warning|important|caution)$/i.test(kind) ? `${capitalized(kind)}: ${content}` : content,
    )
    .replace(/\{%[\s\S]*?%\}/g, '')
    .replace(/\{\{-?\s*(site|page|include|layout)\.[^}]*\}\}/g, '')

const frontMatterTitle = (markdown: string) =>
  /^---\n[\s\S]*?^title:\s*["']?(.+?)["']?\s*$[\s\S]*?\n---\n/m.exec(markdown)?.[1]?.trim() ?? null

/**
 * Lists and quotes nested no deeper than any manual nests them (64 columns of indent: 32 list
 * levels; 32 quotes; 8 list marks opening one line, "1. 1. 1."): marked's time grows with the
 * cube of a list's depth (1 MB of a 1,000-deep list took 12 s, 25 MB ran out of memory, 6 MB of
 * "1. " took 27 s and failed) and each quote level is a call deeper (a few thousand overflow the stack).
 */
const shallow = (markdown: string) =>
  markdown
    .replace(/^([ \t]{64})[ \t]+/gm, '$1')
    .replace(/^((?:[ \t]{0,3}>){32})(?:[ \t]{0,3}>)+/gm, '$1')
    .replace(/^([ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+){8})(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)+/gm, '$1')
