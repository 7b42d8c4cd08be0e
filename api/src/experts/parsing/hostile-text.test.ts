/**
 * Text files made to hurt the parser: each once took minutes, ran out of memory or overflowed the
 * stack, holding the one parsing thread every workspace's uploads wait for. Each must now be read
 * well within the test's time limit.
 */
import { describe, expect, it } from 'vitest'
import { chunkParagraphs } from '../chunk.ts'
import { parseDocument } from '../parse-document.ts'

const enc = (text: string) => new TextEncoder().encode(text)
const LIMIT_MS = 15_000

describe('hostile text files', () => {
  it(
    'reads 400 KB of unclosed links in linear time (each attempt once scanned to the end)',
    async () => {
      const parsed = await parseDocument('links.md', enc(`Intro ${'[a]('.repeat(100_000)} end`))
      expect(parsed.paragraphs).toHaveLength(1)
      expect(parsed.paragraphs[0]?.text.startsWith('Intro [a]([a](')).toBe(true)
      const brackets = await parseDocument('brackets.txt', enc('['.repeat(1_000_000)))
      expect(brackets.paragraphs).toHaveLength(1)
    },
    LIMIT_MS,
  )

  it(
    'keeps every row of a 300,000-row table, in Markdown and in HTML',
    async () => {
      const markdown = `| Pin | Signal |\n|---|---|\n${'| 1 | CAN-H |\n'.repeat(300_000)}`
      expect((await parseDocument('pins.md', enc(markdown))).paragraphs).toHaveLength(300_001)
      const html = `<table>${'<tr><td>1</td><td>CAN-H</td></tr>'.repeat(300_000)}</table>`
      expect((await parseDocument('pins.html', enc(html))).paragraphs).toHaveLength(300_000)
    },
    // Its rows once overflowed the stack: slow machines get more time for the work itself.
    4 * LIMIT_MS,
  )

  it(
    'cuts text without spaces into passages of at most 8,000 characters (a 10 MB one was one passage)',
    async () => {
      const parsed = await parseDocument('blob.txt', enc(`Key: ${'A'.repeat(10_000_000)}`))
      const passages = chunkParagraphs(parsed.paragraphs)
      expect(passages.length).toBeGreaterThanOrEqual(1250)
      expect(Math.max(...passages.map((p) => p.text.length))).toBeLessThanOrEqual(8000)
      expect(
        passages
          .map((p) => p.text)
          .join('')
          .replaceAll(' ', ''),
      ).toBe(`Key:${'A'.repeat(10_000_000)}`)
    },
    LIMIT_MS,
  )

  it(
    'reads a line of 2,000,000 list marks ("1. 1. 1.") as one list item, not 2,000,000 nested lists',
    async () => {
      const parsed = await parseDocument('marks.md', enc(`${'1. '.repeat(2_000_000)}Tighten the gland nut.`))
      expect(parsed.paragraphs.map((p) => p.text).join(' ')).toContain('Tighten the gland nut.')
    },
    LIMIT_MS,
  )

  it(
    'reads lists nested 2,000 deep and quotes nested 5,000 deep',
    async () => {
      const list = Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- step ${i}`).join('\n')
      const listed = await parseDocument('list.md', enc(list))
      expect(listed.paragraphs.map((p) => p.text).join(' ')).toContain('step 1999')
      const quoted = await parseDocument('quote.md', enc(`${'> '.repeat(5000)}Check the fuse.`))
      expect(quoted.paragraphs.map((p) => p.text)).toEqual(['Check the fuse.'])
    },
    LIMIT_MS,
  )
})
