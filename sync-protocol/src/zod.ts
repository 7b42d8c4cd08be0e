import { z } from 'zod'

/**
 * The one zod every schema here is built with. In a browser (a page or the service worker) the
 * app's CSP allows no eval and requires Trusted Types, so zod's compiled fast path can never run;
 * zod decides that per schema when the schema is built, probing with `new Function`, which the
 * browser reports as a policy violation on every page even though zod catches the error. This
 * module runs before any schema exists, so the probe never happens there. Servers keep the fast path.
 */
if ('document' in globalThis || 'ServiceWorkerGlobalScope' in globalThis) {
  z.config({ jitless: true })
}

export { z }
