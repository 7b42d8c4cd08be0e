/**
 * A PDF's outline (bookmarks): its entries' titles, shaped as lines are compared (./pdf-running.ts),
 * with their depth, for ./pdf.ts to find headings by.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js'
import { shape } from './pdf-running.ts'

/** Icon fonts' glyphs (an admonition's ⓘ, a bullet) are private-use code points: no text to search. */
export const PRIVATE_USE = /[\ue000-\uf8ff]/g

export interface Bookmarks {
  /** Entries by normalised title, with their depth (1 = top). */
  levels: Map<string, number>
  /** The depths, in the outline's order, of a title it has at more than one ("Memory Models" as 3.15 and as 4.7.11). */
  repeated: Map<string, number[]>
}

export async function bookmarks(doc: PDFDocumentProxy): Promise<Bookmarks> {
  const levels = new Map<string, number>()
  const depths = new Map<string, number[]>()
  const outline = await doc.getOutline().catch(() => null)
  const walk = (items: { title: string; items: unknown[] }[] | null | undefined, depth: number) => {
    for (const item of items ?? []) {
      if (levels.size > 2000) return
      // An icon font's glyph in a title (a web page's permalink, printed to PDF) is no text of it.
      const title = shape(item.title.replace(PRIVATE_USE, ''))
      levels.set(title, depth)
      depths.set(title, [...(depths.get(title) ?? []), depth])
      walk(item.items as { title: string; items: unknown[] }[], depth + 1)
    }
  }
  walk(outline as { title: string; items: unknown[] }[] | null, 1)
  const repeated = new Map([...depths].filter(([, all]) => new Set(all).size > 1))
  return { levels, repeated }
}
