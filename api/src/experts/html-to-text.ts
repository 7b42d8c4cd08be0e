import { stripHtml } from '../lib/sanitize.ts'

/** Stored message HTML back to the plain text a prompt or the retriever needs. */
export const htmlToText = (html: string): string =>
  stripHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h\d)>/gi, '\n'))
    .replace(/\n{3,}/g, '\n\n')
    .trim()
