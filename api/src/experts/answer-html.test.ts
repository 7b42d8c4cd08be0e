import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HtmlBlockBuffer, markdownToHtml } from './answer-html.ts'

const ANSWER = [
  '## Resetting the fault',
  'First **check** the breaker [1].',
  '',
  '| Fault | Action |',
  '|---|---|',
  '| E12 | Reset the drive |',
  '',
  '```',
  'SET MODE 1',
  '```',
  '',
  '1. Power off',
  '2. Wait 30 s',
  '',
  '<img src=x onerror=alert(1)> and [a link](javascript:alert(1))',
].join('\n')

function streamed(text: string, sizes: number[]): string[] {
  const buffer = new HtmlBlockBuffer()
  const events: string[] = []
  let at = 0
  for (let i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length] ?? 1
    const html = buffer.push(text.slice(at, at + size))
    if (html) events.push(html)
    at += size
  }
  const rest = buffer.end()
  if (rest) events.push(rest)
  return events
}

describe('Markdown answers', () => {
  it('renders tables, code, ordered lists, headings and citations as HTML', () => {
    const html = markdownToHtml(ANSWER)
    expect(html).toContain('<h3>Resetting the fault</h3>')
    expect(html).toContain('<sup>[1]</sup>')
    expect(html).toMatch(/<table>[\s\S]*<th>Fault<\/th>[\s\S]*<td>Reset the drive<\/td>/)
    expect(html).toContain('<pre><code>SET MODE 1\n</code></pre>')
    expect(html).toMatch(/<ol>\s*<li>Power off<\/li>/)
  })

  it('shows raw HTML and script links from a model as text, never as markup', () => {
    const html = markdownToHtml(ANSWER)
    expect(html).not.toMatch(/<img|javascript:/)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('sends whole blocks while streaming, and their concatenation is the whole answer', () => {
    const events = streamed(ANSWER, [3])
    expect(events.length).toBeGreaterThan(4)
    expect(events[0]).toBe('<h3>Resetting the fault</h3>')
    expect(events.some((e) => e.startsWith('<table>') && e.includes('</table>'))).toBe(true)
    expect(events.join('')).toBe(markdownToHtml(ANSWER))
  })

  it('streams a block that never closes in time linear in its length (a list of 15,000 items)', () => {
    const list = '- a\n'.repeat(15_000)
    const started = performance.now()
    const events = streamed(list, [4])
    // Lexing all that was pending at every delta took seven minutes, holding the event loop.
    expect(performance.now() - started).toBeLessThan(5000)
    expect(events.join('')).toBe(markdownToHtml(list))
  })

  it('gives the same HTML however the text is cut into deltas', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }), (sizes) => {
        expect(streamed(ANSWER, sizes).join('')).toBe(markdownToHtml(ANSWER))
      }),
      { numRuns: 60 },
    )
  })
})
