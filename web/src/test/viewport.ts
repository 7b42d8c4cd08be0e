import { vi } from 'vitest'

/**
 * jsdom has no matchMedia: a phone (max-width 767px matches) or a wide screen, with a mouse
 * (pointer: fine matches) or a finger, until vi.unstubAllGlobals().
 */
export function stubViewport(phone = false, touch = false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: (phone && query.includes('max-width: 767px')) || (!touch && query.includes('pointer: fine')),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }))
}
