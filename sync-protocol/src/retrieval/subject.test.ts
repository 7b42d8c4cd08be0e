import { describe, expect, it } from 'vitest'
import { unitNames } from './subject.ts'

describe('the units a question names', () => {
  it.each([
    ['What size fuse does a Lowrance HDS need on its power lead?', [{ words: ['lowrance', 'hds'], code: true }]],
    ['How do I update the firmware on a Garmin GPSMAP 8617?', [{ words: ['garmin', 'gpsmap', '8617'], code: true }]],
    ['Which Raspberry Pi do I need?', [{ words: ['raspberry', 'pi'], code: false }]],
    // A sentence's first capital is grammar; one word, or one word and a number, is no name.
    ['Lowrance units write USR files', []],
    ['the BNO055 compass keeps misbehaving on my Pi 2', []],
    ["What does Garmin's $PGRMH sentence contain?", []],
    ['Is it safe? Garmin HDS fuses blow', []],
    // A comma ends a name; a hyphen does not.
    [
      'With the N2K network off, what do CAN-H and CAN-L read?',
      [
        { words: ['can', 'h'], code: false },
        { words: ['can', 'l'], code: false },
      ],
    ],
  ])('%s', (question, names) => {
    expect(unitNames(question)).toEqual(names)
  })
})
