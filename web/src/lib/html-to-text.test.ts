import { describe, expect, it } from 'vitest'
import { htmlToText } from './html-to-text.ts'

describe('htmlToText', () => {
  it.each([
    ['plain text', 'Checked the end stops.', 'Checked the end stops.'],
    ['entities the server wrote', 'Pump A &amp; B at &lt;5 bar', 'Pump A & B at <5 bar'],
    [
      'a note kept on its own paragraph',
      'Noisy\n\n[21/11/2026] Sea trial <em>ok</em>',
      'Noisy\n\n[21/11/2026] Sea trial ok',
    ],
    ['markup that must not run', '<img src=x onerror="window.hacked=1">Leak', 'Leak'],
  ])('%s', (_what, html, text) => {
    expect(htmlToText(html)).toBe(text)
    expect((window as { hacked?: number }).hacked).toBeUndefined()
  })
})
