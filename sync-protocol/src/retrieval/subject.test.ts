import { describe, expect, it } from 'vitest'
import { codeWords, meantAsWritten, ofDocumentedFamily, unitNames } from './subject.ts'
import { misspeltStem } from './typos.ts'

describe('the units a question names', () => {
  it.each([
    ['What size fuse does a Lowrance HDS need on its power lead?', [{ words: ['lowrance', 'hds'], codes: 1 }]],
    ['How do I update the firmware on a Garmin GPSMAP 8617?', [{ words: ['garmin', 'gpsmap', '8617'], codes: 2 }]],
    ['What baud rate does the Actisense NGT-1 use?', [{ words: ['actisense', 'ngt', '1'], codes: 2 }]],
    ['Which Raspberry Pi do I need?', [{ words: ['raspberry', 'pi'], codes: 0 }]],
    ['What size fuse does the Teensy need?', [{ words: ['teensy'], codes: 0 }]],
    // A sentence's first capital is grammar; a code alone, or one word and a number, is no name.
    ['Lowrance units write USR files', []],
    ['the BNO055 compass keeps misbehaving on my Pi 2', []],
    ["What does Garmin's $PGRMH sentence contain?", [{ words: ['garmin'], codes: 0 }]],
    ['Which PGN carries the rudder angle?', []],
    // A name written with dots is a name, a code alone or not.
    ['What is the maximum cable length for a VE.Direct cable?', [{ words: ['ve.direct'], codes: 1 }]],
    ['Can AvNav write to the N2K bus?', []],
    // Unless a capitalised word follows a first word that is no stop word.
    ['Is it safe? Garmin HDS fuses blow', [{ words: ['garmin', 'hds'], codes: 1 }]],
    // A comma ends a name; a hyphen does not.
    [
      'With the N2K network off, what do CAN-H and CAN-L read?',
      [
        { words: ['can', 'h'], codes: 0 },
        { words: ['can', 'l'], codes: 0 },
      ],
    ],
  ])('%s', (question, names) => {
    expect(unitNames(question)).toEqual(names)
  })

  it('takes words in capitals, or letters then digits, for codes', () => {
    expect(codeWords("What does Garmin's $PGRMH sentence contain on the M506, job 4471?")).toEqual(
      new Set(['pgrmh', 'm506']),
    )
    expect(codeWords('WHAT DOES PGRMH CONTAIN')).toEqual(new Set())
  })

  it('knows a code of a family by two siblings one character away', () => {
    const known = (...terms: string[]) => terms.map((t): [string, number] => [t, 1])
    expect(ofDocumentedFamily('pgrmh', known('pgrmc', 'pgrmm', 'pgrmz'))).toBe(true)
    expect(ofDocumentedFamily('pgrmh', known('pgrmc'))).toBe(false)
    // Longer or shorter is another word ("ttyusb0" for "ttyusb"), not a sibling.
    expect(ofDocumentedFamily('ttyusb', known('ttyusb0', 'ttyusb1', 'ttyusbx'))).toBe(false)
  })
})

describe('words a question means as written', () => {
  const rover = { word: 'rover', forms: ['rover'] }
  it('are the words of the names it writes with capitals, never corrected as typos', () => {
    expect(misspeltStem(rover, () => 0, meantAsWritten('freedv on 40m from the Ocean Rover, usb or lsb?'))).toBeNull()
    expect(misspeltStem(rover, () => 0, meantAsWritten('freedv on 40m from the ocean rover, usb or lsb?'))).toBe(
      'rover',
    )
  })

  it('are none of a question written all in capitals, whose every word looks like a name', () => {
    expect(meantAsWritten('RADAR ROVER NOT TURNING').size).toBe(0)
  })
})
