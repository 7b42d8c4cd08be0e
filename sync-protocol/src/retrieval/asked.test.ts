import { describe, expect, it } from 'vitest'
import { askedWords } from './asked.ts'
import { buildIndex } from './bm25.ts'
import { retrieveKept } from './search-kept.ts'
import { testPassage } from './test-passage.ts'

const passage = (ordinal: number, text: string) =>
  testPassage(ordinal, text, { fileName: 'makers.html', title: 'Makers', page: null })

describe('what a question asks for', () => {
  it.each([
    ['What gear oil does a Yamaha lower unit take?', ['gear', 'oil']],
    ['What is the warranty period for Victron chargers?', ['warranty', 'period']],
    ['Which PGN carries the rudder angle?', ['pgn', 'carries']],
    ['How do I pair my phone with the stereo?', ['pair']],
    ['how much current does the pump draw', ['current']],
    ['The unit trips, how do I reset it?', ['reset']],
    ['Radar antenna is not rotating', []],
    ['Why does the gyro reduce roll at anchor?', []],
    ['What happens if two users open the same port?', []],
    ["The plotter froze, what's going on?", []],
    ['what is wrong with the depth reading', []],
  ])('%s', (question, asked) => {
    expect(askedWords(question)).toEqual(asked)
  })

  it('counts a passage that only names the subject for less than one holding what is asked', () => {
    const index = buildIndex([
      passage(0, 'Code | Maker\n229 | Garmin\n1850 | Teleflex'),
      passage(1, 'Warranty claims go through the dealer that sold the unit.'),
      passage(2, 'The warranty card is in the box with the unit.'),
      ...['Bilge pumps need a float switch.', 'Chain is marked every ten metres.', 'Flush the outboard after use.']
        .concat(['Check the impeller each season.', 'Fuses sit behind the panel.', 'Keep spare bulbs aboard.'])
        .map((text, i) => passage(i + 3, text)),
    ])
    // Garmin is the question's rarest word, but the maker's row says nothing of a warranty.
    const { sources } = retrieveKept('demo', index, 'What warranty does a Garmin get?')
    const score = (text: RegExp) => sources.find((source) => text.test(source.text))?.score ?? 0
    // Without the rule the maker's row would hold 0.58 of the question.
    expect(score(/Garmin/)).toBeLessThan(score(/^Warranty claims/))
    expect(score(/^Warranty claims/)).toBeGreaterThan(0)
  })

  it('does not let a word no passage holds (an aside) push a passage without the asked word under the gate', () => {
    const index = buildIndex([
      passage(0, 'Clear the gyro fault alarm on the display, then start the gyro again.'),
      passage(1, 'Reset the breaker on the panel.'),
      ...['Bilge pumps need a float switch.', 'Chain is marked every ten metres.', 'Flush the outboard after use.']
        .concat(['Check the impeller each season.', 'Fuses sit behind the panel.', 'Keep spare bulbs aboard.'])
        .map((text, i) => passage(i + 2, text)),
    ])
    for (const question of [
      'How do I reset the gyro after a fault alarm?',
      'How do I reset the gyro after a fault alarm on Serenity?',
    ]) {
      expect(retrieveKept('demo', index, question).sources[0]?.id, question).toBe('doc1:0')
    }
  })
})
