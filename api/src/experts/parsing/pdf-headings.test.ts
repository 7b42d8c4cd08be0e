import { describe, expect, it } from 'vitest'
import { pdfOfStreams, textAt } from '../../test/pdf.ts'
import { parseDocument } from '../parse-document.ts'

describe('PDF headings over two lines', () => {
  it('are one heading when the text goes on in the same style on the next line', async () => {
    const answer = (y: number, lines: string[]) => lines.map((text, i) => textAt(72, y - i * 12, text))
    const page = [
      textAt(72, 700, '4 My pump will not prime when the tank is low and the hose runs', 14),
      textAt(72, 682, 'uphill, so what is the problem?', 14),
      ...answer(660, ['Fill the hose first and lower the pump below the tank, then run it', 'with the outlet open.']),
      textAt(72, 610, '5 Where does the drain go?', 14),
      ...answer(588, ['Into the bilge sump, never overboard, and the sump', 'is pumped out at the marina.']),
    ]
    const parsed = await parseDocument('pump.pdf', pdfOfStreams([page.join('\n')]))
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      [
        '4 My pump will not prime when the tank is low and the hose runs uphill, so what is the problem?',
        'Fill the hose first and lower the pump below the tank, then run it with the outlet open.',
      ],
      ['5 Where does the drain go?', 'Into the bilge sump, never overboard, and the sump is pumped out at the marina.'],
    ])
  })
})

describe('PDF appendices', () => {
  it('are sections when the page names them "Appendix A" and numbers theirs "A.1", and the outline neither', async () => {
    // As Texinfo sets them: bookmarks "A Platform Notes" and "Unix" over "Appendix A Platform Notes", "A.1 Unix".
    const body = (y: number, text: string) => [textAt(72, y, text), textAt(72, y - 12, 'as the manual says for each.')]
    const pages = [
      [textAt(72, 700, '5.3 Serial programmer', 14), ...body(680, 'Wire it to the UART of a USB adapter,')],
      [
        textAt(72, 700, 'Appendix A Platform Notes', 17),
        ...body(680, 'Each system has its own port names,'),
        textAt(72, 640, 'A.1 Unix', 14),
        ...body(620, 'Install it from the ports tree,'),
        textAt(72, 580, 'Appendix B Troubleshooting', 17),
        ...body(560, 'Check the cable first,'),
      ],
    ]
    const titles = ['Serial programmer', 'A Platform Notes', 'Unix', 'B Troubleshooting']
    const outline = titles.map((title, i) => ({ title, page: i < 1 ? 1 : 2 }))
    const parsed = await parseDocument(
      'avr.pdf',
      pdfOfStreams(
        pages.map((p) => p.join('\n')),
        { outline },
      ),
    )
    expect(parsed.paragraphs.map((p) => [p.section, p.text])).toEqual([
      ['5.3 Serial programmer', 'Wire it to the UART of a USB adapter, as the manual says for each.'],
      ['Appendix A Platform Notes', 'Each system has its own port names, as the manual says for each.'],
      ['A.1 Unix', 'Install it from the ports tree, as the manual says for each.'],
      ['Appendix B Troubleshooting', 'Check the cable first, as the manual says for each.'],
    ])
  })
})
