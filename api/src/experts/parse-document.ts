/**
 * Reads a knowledge file into paragraphs with their section path and page (parsers in
 * ./parsing/). Markup is removed: passages are plain text, code and table rows kept as written.
 */
import path from 'node:path'
import { withEntries } from './parsing/entries.ts'
import { parseHtml } from './parsing/html.ts'
import { parseMarkdown } from './parsing/markdown.ts'
import { type Paragraph, splitParagraphs, stripTags } from './parsing/outline.ts'
import { type PdfLine, pageLines, pdfParagraphs } from './parsing/pdf.ts'
import { UnreadableDocument } from './parsing/unreadable.ts'

export type { Paragraph }

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

export const SUPPORTED_EXTENSIONS = ['.md', '.markdown', '.txt', '.html', '.htm', '.pdf'] as const

export async function parseDocument(
  fileName: string,
  bytes: Uint8Array,
  options: ParseOptions = {},
): Promise<ParsedDocument> {
  const parsed = await parseFormat(fileName, bytes, options)
  return { ...parsed, paragraphs: withEntries(parsed.paragraphs) }
}

function parseFormat(
  fileName: string,
  bytes: Uint8Array,
  options: ParseOptions,
): Promise<ParsedDocument> | ParsedDocument {
  const ext = path.extname(fileName).toLowerCase()
  const fallbackTitle = path.basename(fileName, ext).replace(/[-_]+/g, ' ').trim()
  if (ext === '.pdf') return parsePdf(bytes, fallbackTitle, options)
  const text = new TextDecoder('utf-8').decode(bytes)
  // Passages are plain text: markup a file carries (a <script>, an <img onerror>) goes at ingest, except inside code blocks, kept as text.
  if (ext === '.md' || ext === '.markdown') return parseMarkdown(text, fallbackTitle)
  if (ext === '.html' || ext === '.htm') return parseHtml(text, fallbackTitle)
  if (ext === '.txt') return { title: fallbackTitle, paragraphs: splitParagraphs(stripTags(text), null, null) }
  throw new UnreadableDocument(
    `Unsupported file type "${ext || fileName}". Use one of: ${SUPPORTED_EXTENSIONS.join(', ')}.`,
  )
}

async function parsePdf(bytes: Uint8Array, fallbackTitle: string, options: ParseOptions): Promise<ParsedDocument> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    // A font's name (bold or not) for run-in headings (./parsing/pdf-headings.ts).
    fontExtraProperties: true,
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
    const metaTitle = typeof info?.Title === 'string' ? info.Title.trim() : ''
    const pages: PdfLine[][] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const content = await page.getTextContent()
      pages.push(
        pageLines(
          content.items.filter((item) => 'str' in item),
          content.styles,
        ),
      )
      page.cleanup()
      options.onPage?.(n, doc.numPages)
    }
    const { paragraphs, cover, firstHeading } = await pdfParagraphs(doc, pages)
    const title = pdfTitle(metaTitle, cover) ?? firstHeading ?? fallbackTitle
    return { title, paragraphs, pages: doc.numPages }
  } finally {
    await task.destroy()
  }
}

/**
 * The metadata's title, unless the cover sets another that shares no word with it: the title of
 * the template or the earlier manual the file was made from ("Processor Regatta - User manual" over
 * a cover saying "tactics_pi"), or a file's name in one word ("SignalKInputStreamerUsage").
 */
function pdfTitle(meta: string, cover: string | null): string | null {
  if (!usefulTitle(meta)) return cover
  if (!cover) return meta
  if (!/\s/.test(meta)) return cover
  const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])
  const coverWords = words(cover)
  return [...words(meta)].some((word) => coverWords.has(word)) ? meta : cover
}

/**
 * Producers often leave "Microsoft Word - x.docx", "Untitled" or a default name ("Presentation1",
 * a CAD program's "Layout1" or "Sheet1") as a PDF's title.
 */
const usefulTitle = (title: string) =>
  title.length > 2 &&
  !/^(untitled|microsoft (word|powerpoint|excel)|powerpoint presentation|(document|presentation|book|sheet|layout|drawing)\s*\d*$)|\.(docx?|pptx?|xlsx?|pdf|indd|odt|dwg|dvi|tex|ps|txt|md|html?)$/i.test(
    title,
  )
