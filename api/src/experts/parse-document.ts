/**
 * Reads a knowledge file into paragraphs with their section (the nearest heading) and page.
 * Markdown, plain text and HTML keep headings as sections; PDF text comes from pdfjs-dist with
 * page numbers. Markup is removed: passages are plain text.
 */
import path from 'node:path'
import sanitizeHtml from 'sanitize-html'
import { decodeEntities } from '../lib/sanitize.ts'

export interface Paragraph {
  section: string | null
  page: number | null
  text: string
}

export interface ParsedDocument {
  title: string
  paragraphs: Paragraph[]
  /** Pages of a paged format (PDF), else null. */
  pages?: number | null
}

export interface ParseOptions {
  /** A PDF with more pages is refused before its text is read. */
  maxPages?: number
  /** Called after each page of a PDF. */
  onPage?: (done: number, total: number) => void
}

/** A refusal worth telling the person who uploaded the file, as a sentence. */
export class UnreadableDocument extends Error {}

export const SUPPORTED_EXTENSIONS = ['.md', '.markdown', '.txt', '.html', '.htm', '.pdf'] as const

export async function parseDocument(
  fileName: string,
  bytes: Uint8Array,
  options: ParseOptions = {},
): Promise<ParsedDocument> {
  const ext = path.extname(fileName).toLowerCase()
  const fallbackTitle = path.basename(fileName, ext).replace(/[-_]+/g, ' ').trim()
  if (ext === '.pdf') return parsePdf(bytes, fallbackTitle, options)
  const text = new TextDecoder('utf-8').decode(bytes)
  // Passages are plain text: markup a Markdown or text file carries (a <script>, an <img onerror>) goes at ingest.
  if (ext === '.md' || ext === '.markdown') return parseMarkdown(stripTags(text), fallbackTitle)
  if (ext === '.html' || ext === '.htm') return parseHtml(text, fallbackTitle)
  if (ext === '.txt') return { title: fallbackTitle, paragraphs: splitParagraphs(stripTags(text), null, null) }
  throw new UnreadableDocument(
    `Unsupported file type "${ext || fileName}". Use one of: ${SUPPORTED_EXTENSIONS.join(', ')}.`,
  )
}

export function parseMarkdown(markdown: string, fallbackTitle: string): ParsedDocument {
  let title: string | null = null
  let section: string | null = null
  let buffer: string[] = []
  const paragraphs: Paragraph[] = []
  const flush = () => {
    paragraphs.push(...splitParagraphs(buffer.join('\n'), section, null))
    buffer = []
  }
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading) {
      flush()
      const text = plainInline(heading[2] ?? '')
      if (heading[1] === '#' && title === null) title = text
      else section = text
      continue
    }
    buffer.push(line)
  }
  flush()
  return { title: title ?? fallbackTitle, paragraphs }
}

function parseHtml(html: string, fallbackTitle: string): ParsedDocument {
  const docTitle = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]
  const markdown = html
    .replace(/<(script|style|title|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(
      /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi,
      (_, level: string, inner: string) =>
        `\n\n${'#'.repeat(Number(level))} ${stripTags(inner).replace(/\s+/g, ' ')}\n\n`,
    )
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|section|article|ul|ol|table|tr|blockquote|pre)>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
  const parsed = parseMarkdown(stripTags(markdown), fallbackTitle)
  return docTitle ? { ...parsed, title: decodeEntities(stripTags(docTitle)).trim() || parsed.title } : parsed
}

async function parsePdf(bytes: Uint8Array, fallbackTitle: string, options: ParseOptions): Promise<ParsedDocument> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  })
  const doc = await task.promise.catch(async (error: { name?: string }) => {
    await task.destroy()
    if (error?.name === 'PasswordException') {
      throw new UnreadableDocument('This PDF is protected by a password. Upload a copy without one.')
    }
    throw new UnreadableDocument('This file could not be read as a PDF: it is damaged or not a PDF.')
  })
  try {
    if (options.maxPages !== undefined && doc.numPages > options.maxPages) {
      throw new UnreadableDocument(
        `This PDF has ${doc.numPages} pages; at most ${options.maxPages} are accepted (KB_MAX_PAGES).`,
      )
    }
    const meta = await doc.getMetadata().catch(() => null)
    const info = meta?.info as { Title?: unknown } | undefined
    const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim() : fallbackTitle
    const paragraphs: Paragraph[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const content = await page.getTextContent()
      let text = ''
      for (const item of content.items) {
        if (!('str' in item)) continue
        text += item.str + (item.hasEOL ? '\n' : '')
      }
      paragraphs.push(...splitParagraphs(text, null, n))
      page.cleanup()
      options.onPage?.(n, doc.numPages)
    }
    return { title, paragraphs, pages: doc.numPages }
  } finally {
    await task.destroy()
  }
}

/** Blank lines separate paragraphs; list items stay together as lines of one paragraph. */
function splitParagraphs(text: string, section: string | null, page: number | null): Paragraph[] {
  return text
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => plainInline(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')))
        .filter(Boolean)
        .join('\n'),
    )
    .filter((block) => block.length > 0)
    .map((block) => ({ section, page, text: block }))
}

/** Markdown inline syntax to plain text: links keep their words, emphasis and code marks go. */
const plainInline = (line: string) =>
  line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|\s)[*_]([^*_\s][^*_]*)[*_](?=\s|[.,;:!?]|$)/g, '$1$2')
    .replace(/^>\s?/, '')
    .replace(/\s+/g, ' ')
    .trim()

const stripTags = (html: string) => decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
