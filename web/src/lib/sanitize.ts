import DOMPurify from 'dompurify'

/** Messages are HTML; the server sanitises before storing and the browser sanitises again before rendering. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] })
}
