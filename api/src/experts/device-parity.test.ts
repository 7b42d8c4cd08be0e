/**
 * The device answers offline from the same retrieval core as the server: on the starter packs'
 * evaluation questions, BM25 over the passages a device keeps must find what FTS5 finds.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Expert } from '@mw/sync-protocol'
import { buildIndex, type Candidate, retrieveKept, TOP_K } from '@mw/sync-protocol/retrieval'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'
import { retrieve } from './retrieve.ts'

interface Case {
  expert: Expert
  question: string
  section: string
}
const cases = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../bench/retrieval-questions.json'), 'utf8'),
) as Case[]

const t = await createTestApp({}, {}, { knowledge: true })

/** What a device downloads for an expert: every passage of its ready documents. */
async function devicePassages(expert: Expert): Promise<Candidate[]> {
  const rows = await t.db
    .selectFrom('kb_passages')
    .innerJoin('kb_documents', 'kb_documents.id', 'kb_passages.document_id')
    .select([
      'kb_passages.document_id as documentId',
      'kb_documents.file_name as fileName',
      'kb_passages.ordinal',
      'kb_passages.title',
      'kb_passages.section',
      'kb_passages.page',
      'kb_passages.text',
    ])
    .where('kb_passages.tenant_slug', '=', 'demo')
    .where('kb_passages.expert', '=', expert)
    .execute()
  return rows.map((r) => ({ ...r, id: `${r.documentId}:${r.ordinal}` }))
}

describe('answers on the device', () => {
  it('find the wanted section as often as the server, and mostly the same first source', async () => {
    const indexes = {
      seakeeper: buildIndex(await devicePassages('seakeeper')),
      furuno: buildIndex(await devicePassages('furuno')),
    }
    let serverHits = 0
    let deviceHits = 0
    let sameFirst = 0
    for (const c of cases) {
      const server = await retrieve(t.db, 'demo', c.expert, c.question, TOP_K)
      const device = retrieveKept('demo', indexes[c.expert], c.question)
      if (server.sources.some((s) => s.section?.endsWith(c.section))) serverHits++
      if (device.sources.some((s) => s.section?.endsWith(c.section))) deviceHits++
      const first = (r: typeof server) =>
        r.sources[0] ? `${r.sources[0].documentId}:${r.sources[0].section}:${r.sources[0].text.slice(0, 40)}` : 'none'
      if (first(server) === first(device)) sameFirst++
    }
    expect(serverHits / cases.length).toBeGreaterThanOrEqual(0.85)
    expect(deviceHits).toBeGreaterThanOrEqual(serverHits - 1)
    // The server weighs words by their rarity across its whole index, the device across the one
    // expert it keeps, so the re-ranking may put a different (equally relevant) passage first.
    expect(sameFirst / cases.length).toBeGreaterThanOrEqual(0.8)
  })
})
