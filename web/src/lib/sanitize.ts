import DOMPurify from 'dompurify'

/**
 * Messages are HTML; the server sanitises before storing and the browser sanitises again before
 * rendering. Where the browser enforces Trusted Types (the CSP asks it to) the result is a
 * TrustedHTML from DOMPurify's own policy, the only HTML an innerHTML sink accepts
 * (trusted-types.ts).
 */
export function sanitizeHtml(html: string): string | TrustedHTML {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    RETURN_TRUSTED_TYPE: true,
  })
}
