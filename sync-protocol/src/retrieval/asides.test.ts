import { describe, expect, it } from 'vitest'
import { asidePhrases, buildIndex, retrieveKept } from './index.ts'
import { testPassage } from './test-passage.ts'

describe('asides a technician adds to a question', () => {
  it.each([
    ['radar not turning on the Sea Breeze', [['on', 'sea', 'breeze']]],
    ['fuse for the plotter, for my customer Johnson', [['for', 'customer', 'johnson']]],
    ['depth drops out at the Hamble marina', [['at', 'hamble', 'marina']]],
    ['gqrx slow on the nav pc aboard Morwenna', [['aboard', 'morwenna']]],
    ["wiring on Mr Patel's catamaran", [['on', 'mr', 'patel', 'catamaran']]],
    ['timestamps on every line in tio, ticket 3391', [['ticket', '3391']]],
    ['radar keeps dropping out, for job number 4471', [['job', 'number', '4471']]],
    ['fuse blows on the gyro, serial number SN4471A', [['serial', 'number', 'sn4471a']]],
    ['fuse blows on the gyro, serial SN4471A', [['serial', 'sn4471a']]],
    ['no data on serial RS232', [['serial', 'rs232']]],
    // A job without its number is what the question is about; "serial" alone may name a port.
    ['no data on serial ttyUSB0', []],
    ['how do I close a job on the tablet', []],
    // A name with a code may be a unit; a word written small is no name.
    ['radar not turning on the DX450', []],
    ['radar not turning on Sea Otter II', []],
    ['radar not turning on the flybridge', []],
    // A name that owns the equipment, wherever it stands.
    ["Windsong's axiom never beeps", [['windsong']]],
    ["remap a bad sector, the Harbourmaster's logging pc", [['harbourmaster']]],
    ["the hex file off the Sea Spray's alarm panel", [['sea', 'spray']]],
    ["What does Garmin's $PGRMH sentence contain?", [['garmin']]],
  ])('%s', (query, phrases) => {
    expect(asidePhrases(query).map((phrase) => phrase.words)).toEqual(phrases)
  })

  const index = buildIndex(
    [
      'If the radar antenna does not rotate, check the motor fuse F2 and the drive belt tension.',
      'The heading line shows where the bow points; align it with the heading sensor after fitting.',
      'Sea water strainers must be cleaned at every service of the cooling pump.',
      'The marina power pedestal feeds the shore power inlet through a galvanic isolator.',
      'Heading sensor calibration: turn the boat slowly through two full circles.',
      'Thanks to Johnson for the drawings in this manual.',
      'Manufacturer codes: 135 is Airmar, 1857 is Simrad.',
    ].map((text, i) => testPassage(i, text, { fileName: 'radar.pdf', title: 'Radar Manual' })),
  )

  it('weigh nothing when they name what no manual holds, though their other words are known', () => {
    const plain = retrieveKept('demo', index, 'radar antenna does not rotate, which fuse?')
    expect(plain.sources[0]?.id).toBe('doc1:0')
    for (const aside of [
      ' on the Sea Breeze',
      ' at the Hamble marina',
      ' for my customer Johnson',
      ', serial SN4471A',
    ]) {
      const asked = retrieveKept('demo', index, `radar antenna does not rotate, which fuse${aside}?`)
      expect(asked.sources[0]?.id).toBe('doc1:0')
      expect(asked.bestScore).toBe(plain.bestScore)
    }
    const owned = retrieveKept('demo', index, "Windsong's radar antenna does not rotate, which fuse?")
    expect(owned.bestScore).toBe(plain.bestScore)
  })

  it('weigh nothing when a word says what they name, though a passage holds the name (credits)', () => {
    const asked = retrieveKept('demo', index, 'radar antenna does not rotate, which fuse for my customer Johnson?')
    expect(asked.terms.filter((_, i) => asked.weights?.[i] === 0)).toEqual(['customer', 'johnson'])
  })

  it('count when nothing says what they name and a passage holds it: "for Airmar" may be the subject', () => {
    const asked = retrieveKept('demo', index, 'manufacturer code for Airmar')
    expect(asked.weights?.every((weight) => weight > 0)).toBe(true)
    expect(asked.sources[0]?.text).toContain('Airmar')
  })

  it('weigh nothing when they name a company, though a passage holds its first word', () => {
    expect(asidePhrases('which fuse, for Johnson Marine').map((phrase) => phrase.role)).toEqual([true])
    expect(asidePhrases('which fuse, for Johnson').map((phrase) => phrase.role)).toEqual([false])
    const asked = retrieveKept('demo', index, 'radar antenna does not rotate, which fuse for Johnson Marine?')
    expect(asked.terms.filter((_, i) => asked.weights?.[i] === 0)).toEqual(['johnson', 'marine'])
    expect(asked.sources[0]?.id).toBe('doc1:0')
    // Nor is it a unit that only the manual naming it may answer about.
    const manual = (doc: number, i: number, text: string) =>
      testPassage(i, text, { id: `doc${doc}:${i}`, documentId: `doc${doc}`, fileName: `manual${doc}.pdf` })
    const manuals = buildIndex([
      manual(1, 0, 'If the radar antenna does not rotate, check the motor fuse F2.'),
      ...['autopilot', 'sounder', 'plotter', 'radio', 'charger'].map((unit, i) => manual(i + 2, 0, `Fit the ${unit}.`)),
      manual(7, 0, 'Drawings by Johnson Marine.'),
      manual(7, 1, 'Johnson Marine fitted the radar mast.'),
    ])
    const fitted = retrieveKept('demo', manuals, 'radar antenna does not rotate, which fuse, for Johnson Marine?')
    expect(fitted.sources[0]?.id).toBe('doc1:0')
  })

  it('still count when the manuals hold the name: then it may be what the question is about', () => {
    // "Heading" is held by the manuals: "on the Heading sensor" is no aside to leave out.
    const asked = retrieveKept('demo', index, 'calibration keeps failing on the Heading sensor')
    expect(asked.weights?.every((weight) => weight > 0)).toBe(true)
  })
})
