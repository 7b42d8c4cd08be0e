import { describe, expect, test } from 'vitest'
import { answerText } from './answer-text.ts'
import { originNote } from './message-bubble.tsx'

describe('what an answer says about itself', () => {
  test('says in plain words when the backup model or the manuals alone answered; nothing for the chosen model', () => {
    expect(originNote(undefined)).toBeNull()
    expect(originNote({ by: 'primary', model: 'openai:gpt-4o-mini', reason: null, stopped: false })).toBeNull()
    expect(
      originNote({
        by: 'fallback',
        model: 'anthropic:claude',
        reason: 'openai:gpt-4o-mini could not be reached.',
        stopped: false,
      }),
    ).toBe('Answered by the backup AI model, because the main one is not available.')
    // The technician is not told about keys or provider names; the admin's System tab says why.
    expect(originNote({ by: 'local', model: null, reason: 'The server has no key for openai.', stopped: false })).toBe(
      'Answered from the manuals alone, because the AI model is not available.',
    )
    // A tenant that chose the manuals alone gets no note.
    expect(originNote({ by: 'local', model: null, reason: null, stopped: false })).toBeNull()
  })

  test('copies an answer as text with its blocks on their own lines', () => {
    const html =
      '<h3>Reset</h3><p>Power off &amp; wait.</p><ul><li>one</li><li>two</li></ul><table><tr><td>E12</td></tr></table>'
    expect(answerText(html)).toBe('Reset\nPower off & wait.\none\ntwo\n\nE12')
  })
})
