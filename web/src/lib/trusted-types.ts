/**
 * The page's default Trusted Types policy (the CSP requires Trusted Types for every script sink).
 * It lets through only what cannot run code: HTML handed to DOMParser (an inert document, used to
 * read text out of stored HTML) and same-origin script URLs (the service worker). HTML that is
 * shown must come from DOMPurify (sanitize.ts), which brings its own policy; anything else is
 * refused with an error that names the sink.
 */
interface PolicyFactory {
  createPolicy(
    name: string,
    rules: {
      createHTML: (input: string, type: string, sink: string) => string
      createScriptURL: (input: string) => string
      createScript: () => string
    },
  ): unknown
}

export function installTrustedTypesPolicy(): void {
  const factory = (window as { trustedTypes?: PolicyFactory }).trustedTypes
  if (!factory?.createPolicy) return
  factory.createPolicy('default', {
    createHTML: (input: string, _type: string, sink: string) => {
      if (sink === 'DOMParser parseFromString') return input
      throw new TypeError(`Refused unsanitised HTML for ${sink}.`)
    },
    createScriptURL: (input: string) => {
      const url = new URL(input, window.location.href)
      if (url.origin === window.location.origin) return url.href
      throw new TypeError(`Refused a script from ${url.origin}.`)
    },
    createScript: () => {
      throw new TypeError('Refused a script built from text.')
    },
  })
}
