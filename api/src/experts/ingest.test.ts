import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tinyPdf } from '../test/pdf.ts'
import { createTestApp } from '../test/test-app.ts'
import { ingestFile } from './ingest.ts'
import { retrieve } from './retrieve.ts'

const t = await createTestApp()
const enc = (text: string) => new TextEncoder().encode(text)
const demoSeakeeper = { tenant: 'demo', expert: 'seakeeper' } as const

const passagesOf = (fileName: string) =>
  t.db
    .selectFrom('kb_passages')
    .innerJoin('kb_documents', 'kb_documents.id', 'kb_passages.document_id')
    .select(['kb_passages.text', 'kb_passages.section', 'kb_passages.page', 'kb_documents.title'])
    .where('kb_documents.file_name', '=', fileName)
    .orderBy('kb_passages.ordinal')
    .execute()

describe('knowledge ingestion', () => {
  it('indexes Markdown by section and is a no-op for the same bytes', async () => {
    const md =
      '# Bilge pump guide\n\n## Float switch\n\nThe float switch sticks when debris collects under it.\n\n## Wiring\n\n- Fuse the pump supply.\n- Use tinned cable.\n'
    expect(await ingestFile(t.deps, demoSeakeeper, 'guides/bilge.md', enc(md))).toMatchObject({
      title: 'Bilge pump guide',
      status: 'added',
      outcome: 'ready',
      passages: 2,
    })
    // Keyed by the file's name, not its folder: the same file from elsewhere is the same document.
    expect((await ingestFile(t.deps, demoSeakeeper, '/elsewhere/bilge.md', enc(md))).status).toBe('unchanged')
    expect((await ingestFile(t.deps, demoSeakeeper, 'guides/bilge.md', enc(md))).status).toBe('unchanged')
    expect(await passagesOf('bilge.md')).toEqual([
      {
        title: 'Bilge pump guide',
        section: 'Float switch',
        page: null,
        text: 'The float switch sticks when debris collects under it.',
      },
      { title: 'Bilge pump guide', section: 'Wiring', page: null, text: 'Fuse the pump supply.\nUse tinned cable.' },
    ])
  })

  it('replaces every passage of a changed file, in the index too', async () => {
    await ingestFile(t.deps, demoSeakeeper, 'notes.txt', enc('The impeller wears out quickly when run dry.'))
    expect((await retrieve(t.db, 'demo', 'seakeeper', 'impeller dry')).sources).toHaveLength(1)
    const result = await ingestFile(
      t.deps,
      demoSeakeeper,
      'notes.txt',
      enc('Zinc anodes need checking at every haul-out.'),
    )
    expect(result).toMatchObject({ status: 'replaced', passages: 1 })
    expect((await retrieve(t.db, 'demo', 'seakeeper', 'impeller dry')).sources).toHaveLength(0)
    expect((await retrieve(t.db, 'demo', 'seakeeper', 'zinc anodes')).sources[0]?.text).toBe(
      'Zinc anodes need checking at every haul-out.',
    )
    const docs = await t.db.selectFrom('kb_documents').select('id').where('file_name', '=', 'notes.txt').execute()
    expect(docs).toHaveLength(1)
  })

  it('reads PDF text with page numbers through pdfjs-dist', async () => {
    const result = await ingestFile(
      t.deps,
      demoSeakeeper,
      'manual.pdf',
      tinyPdf([
        'Gimbal lock pin must be fitted before transport.',
        'Accumulator precharge is checked with the system depressurised.',
      ]),
    )
    expect(result).toMatchObject({ status: 'added', passages: 2, title: 'manual' })
    const hit = (await retrieve(t.db, 'demo', 'seakeeper', 'accumulator precharge')).sources[0]
    expect(hit).toMatchObject({ page: 2, text: 'Accumulator precharge is checked with the system depressurised.' })
  })

  it('reads HTML headings as sections and drops scripts', async () => {
    const html =
      '<html><head><title>Shore power</title><script>alert(1)</script></head><body><h2>Polarity</h2><p>Reverse polarity &amp; missing earth are checked first.</p></body></html>'
    await ingestFile(t.deps, demoSeakeeper, 'shore.html', enc(html))
    expect(await passagesOf('shore.html')).toEqual([
      {
        title: 'Shore power',
        section: 'Polarity',
        page: null,
        text: 'Reverse polarity & missing earth are checked first.',
      },
    ])
  })

  it('refuses file types it cannot read', async () => {
    await expect(ingestFile(t.deps, demoSeakeeper, 'photo.jpg', enc('x'))).rejects.toThrow(
      /"photo.jpg" is not a PDF, HTML, Markdown or text file/,
    )
  })

  it('keeps tenants and experts apart', async () => {
    await ingestFile(
      t.deps,
      { tenant: 'harbor', expert: 'furuno' },
      'secret.md',
      enc('# Harbor secret\n\nThe harbour crane interlock procedure.'),
    )
    expect((await retrieve(t.db, 'demo', 'furuno', 'crane interlock')).sources).toEqual([])
    expect((await retrieve(t.db, 'harbor', 'seakeeper', 'crane interlock')).sources).toEqual([])
    expect((await retrieve(t.db, 'harbor', 'furuno', 'crane interlock')).sources).toHaveLength(1)
  })

  it('never lets question text reach the FTS5 query syntax', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (query) => {
        const result = await retrieve(t.db, 'demo', 'seakeeper', query)
        expect(result.bestScore).toBeGreaterThanOrEqual(0)
        expect(result.bestScore).toBeLessThanOrEqual(1)
      }),
      { numRuns: 300 },
    )
    for (const nasty of ['"', 'NEAR(a b)', 'scope:*', 'a AND OR NOT', "') DROP TABLE kb_passages; --", '^x*']) {
      await expect(retrieve(t.db, 'demo', 'seakeeper', nasty)).resolves.toBeDefined()
    }
  })
})
