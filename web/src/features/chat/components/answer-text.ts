import { htmlToText } from '../../../lib/html-to-text.ts'

/** An answer as plain text with its blocks on their own lines (what Copy puts on the clipboard). */
export const answerText = (html: string) =>
  htmlToText(html.replace(/<\/(p|li|h3|h4|tr|pre|table|ul|ol)>/g, '$&\n'))
    .replace(/\n{3,}/g, '\n\n')
    .trim()
