import { vi } from 'vitest'

/** jsdom has no matchMedia: a phone (max-width 767px matches) or a wide screen, until vi.unstubAllGlobals(). */
export function stubViewport(phone = false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width: 767px'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }))
}
