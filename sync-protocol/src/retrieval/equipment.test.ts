import { describe, expect, it } from 'vitest'
import { buildIndex, type Candidate, equipmentFocusOf, retrieveKept } from './index.ts'

const unit = (make: string, model: string) => ({ make, model, serial: '', hours: null, firmware: '' })
const manual = (documentId: string, text: string): Candidate => ({
  id: `${documentId}:0`,
  documentId,
  fileName: `${documentId}.md`,
  ordinal: 0,
  title: documentId,
  section: null,
  page: null,
  text,
})

describe("a case's equipment and the manuals that cover it", () => {
  it('matches a model however it is spelt, or make and model together, and names the units', () => {
    const manuals = [
      { id: 'radar', models: ['DRS4D-NXT'] },
      { id: 'plotter', models: ['Furuno TZT16F'] },
      { id: 'general', models: [] },
    ]
    const focus = equipmentFocusOf([unit('Furuno', 'drs4d nxt'), unit('Furuno', 'TZT16F'), unit('', '')], manuals)
    expect(focus).toEqual({ documents: new Set(['radar', 'plotter']), units: ['Furuno drs4d nxt', 'Furuno TZT16F'] })
    expect(equipmentFocusOf([unit('Seakeeper', 'Seakeeper 9')], manuals)).toBeNull()
    expect(equipmentFocusOf([unit('Furuno', '')], [{ id: 'x', models: ['Furuno'] }])).toBeNull()
  })

  it("cites the case's manual first on the device when it is relevant, and not otherwise", () => {
    const index = buildIndex([
      manual(
        'general',
        'When the radar shows no echoes at all, no echoes on any range, check the gain and the magnetron.',
      ),
      manual(
        'radar',
        'After an install on a new mast, when the display shows no echoes from the scanner, reseat the antenna cable at the processor unit, check the supply voltage at the antenna and the fuse, then restart the radar.',
      ),
      manual('autopilot', 'The autopilot heading wanders when the heading sensor sits near steel.'),
    ])
    const plain = retrieveKept('demo', index, 'radar shows no echoes')
    expect(plain.sources[0]?.documentId).toBe('general')
    const focused = retrieveKept('demo', index, 'radar shows no echoes', [], new Set(['radar']))
    expect(focused.sources[0]?.documentId).toBe('radar')
    const unrelated = retrieveKept('demo', index, 'radar shows no echoes', [], new Set(['autopilot']))
    expect(unrelated.sources.map((s) => s.documentId)).not.toContain('autopilot')
  })
})
