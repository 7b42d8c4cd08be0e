import { Dexie } from 'dexie'
import { describe, expect, it } from 'vitest'
import { LocalDb, localDbName } from './local-db.ts'

describe('upgrading a device that kept manuals a passage per row', () => {
  it('moves each manual into one row of passages in reading order, and drops the old table', async () => {
    const name = localDbName('user-upgrade', 'demo')
    const old = new Dexie(name)
    old
      .version(4)
      .stores({ keptDocuments: 'id, expert', keptPassages: 'id, documentId, expert', keptExperts: 'expert' })
    const passage = (documentId: string, ordinal: number, text: string) => ({
      id: `${documentId}:${ordinal}`,
      documentId,
      fileName: `${documentId}.pdf`,
      ordinal,
      title: documentId,
      section: `Part ${ordinal}`,
      page: ordinal + 1,
      text,
      expert: 'seakeeper',
    })
    await old
      .table('keptPassages')
      .bulkPut([
        passage('cooling', 1, 'Check the seacock.'),
        passage('cooling', 0, 'Bleed the loop.'),
        passage('bearings', 0, 'Grease them yearly.'),
      ])
    old.close()

    const db = new LocalDb('user-upgrade', 'demo')
    await db.open()
    expect(await db.keptTexts.get('cooling')).toEqual({
      documentId: 'cooling',
      expert: 'seakeeper',
      passages: [
        { ordinal: 0, section: 'Part 0', page: 1, text: 'Bleed the loop.' },
        { ordinal: 1, section: 'Part 1', page: 2, text: 'Check the seacock.' },
      ],
    })
    expect(await db.keptTexts.where('expert').equals('seakeeper').count()).toBe(2)
    expect(db.tables.map((t) => t.name)).not.toContain('keptPassages')
    db.close()
  })
})
