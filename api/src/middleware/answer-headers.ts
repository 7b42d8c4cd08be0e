import { createMiddleware } from 'hono/factory'
import { secureHeaders } from 'hono/secure-headers'
import type { AppEnv } from '../app-env.ts'
import { builtAnswer, DATA_ANSWER_HEADERS } from '../lib/json-answer.ts'

/**
 * No foreign script, and no inline script but the web build's own boot script, allowed by its
 * hash; HTML and script sinks take only Trusted Types (DOMPurify's policy, and the page's default
 * policy in web/src/lib/trusted-types.ts, and the boot script's, which passes the app's entry
 * only: web/src/app/last-view/restore.ts). Inline styles stay allowed: React and Radix set
 * element styles, the dialog's scroll lock adds a style element, and index.html carries its CSS.
 */
const pagePolicy = (inlineScripts: string[]) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...inlineScripts],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  requireTrustedTypesFor: ["'script'"],
  trustedTypes: ['default', 'dompurify', 'boot'],
})

const noop = async () => {}

/**
 * The security headers of every answer, chosen by what it is. Pages, scripts, images and files
 * get the whole set. A JSON answer is never a document, so the page's policy (~1 KB, sent with
 * every sync call over a satellite link) would say nothing there: it gets DATA_ANSWER_HEADERS (an
 * answer built by lib/json-answer.ts carries them already). Whatever is served as a download (an
 * uploaded HTML manual) may never run as a page of the app.
 */
export function answerHeaders(inlineScripts: string[]) {
  const page = secureHeaders({
    crossOriginResourcePolicy: 'same-origin',
    // Not the default no-referrer: under no-referrer Chromium sends `Origin: null` on the local
    // sign-in form's POST, which sameOriginWrites must refuse.
    referrerPolicy: 'same-origin',
    contentSecurityPolicy: pagePolicy(inlineScripts),
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
  })
  return createMiddleware<AppEnv>(async (c, next) => {
    await next()
    if (builtAnswer(c.res)) return
    const { headers } = c.res
    if (/^application\/([\w.+-]*\+)?json\b/.test(headers.get('Content-Type') ?? '')) {
      for (const [name, value] of Object.entries(DATA_ANSWER_HEADERS)) headers.set(name, value)
    } else await page(c, noop)
    if (headers.get('Content-Disposition')?.startsWith('attachment')) {
      headers.set('Content-Security-Policy', "sandbox; default-src 'none'")
    }
  })
}
