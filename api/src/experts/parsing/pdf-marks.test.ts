import { describe, expect, it } from 'vitest'
import { pageLines } from './pdf.ts'
import { separateMarks } from './pdf-marks.ts'

/** A piece of text as pdfjs gives it, at (x, y) in type of `size` points, `width` wide. */
const piece = (str: string, x: number, y: number, size: number, width = str.length * size * 0.5) => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  height: size,
  fontName: 'F1',
  hasEOL: false,
})

describe('PDF footnote marks', () => {
  it('set a raised mark in smaller type apart from the word it follows', () => {
    const lines = pageLines([
      piece('the closest package in TeX Live', 72, 700, 11, 150),
      piece('3', 222, 704, 8, 4),
      piece('to the input.', 230, 700, 11, 60),
      piece('Also supported.', 72, 686, 11, 75),
      piece('2', 147, 690, 8, 4),
    ])
    expect(lines.map((l) => l.text)).toEqual(['the closest package in TeX Live 3 to the input.', 'Also supported. 2'])
  })

  it("keep a unit's power, a subscript and a word of the line's own size as they are", () => {
    const lines = pageLines([
      piece('an area of 4 m', 72, 700, 11, 70),
      piece('2', 142, 704, 8, 4),
      piece(' in the V', 146, 700, 11, 40),
      piece('cc', 186, 698, 8, 8),
      piece(' line of Type', 194, 700, 11, 60),
      piece('1', 254, 700, 11, 5),
    ])
    expect(lines.map((l) => l.text)).toEqual(['an area of 4 m2 in the Vcc line of Type1'])
  })

  it('set superscript digits glued to a word or starting a note apart', () => {
    expect(separateMarks('identifiers (CIDs²) and supported.² There')).toBe(
      'identifiers (CIDs ²) and supported. ² There',
    )
    expect(separateMarks('¹See the PostScript manual')).toBe('¹ See the PostScript manual')
    expect(separateMarks('volumes in m³ and flow in m³/s, 10⁶ bytes')).toBe('volumes in m³ and flow in m³/s, 10⁶ bytes')
  })
})
