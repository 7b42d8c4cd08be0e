import { describe, expect, it } from 'vitest'
import { composeAccents } from './pdf-accents.ts'

describe('accents drawn as glyphs of their own', () => {
  it('puts a spacing accent back on the letter after it, and a cedilla on the letter before', () => {
    expect(composeAccents('3 f¨ur, 4 quot')).toBe('3 für, 4 quot')
    expect(composeAccents('d´ej`a vu, Franc¸ais, Val`ere')).toBe('déjà vu, Français, Valère')
    expect(composeAccents('Bj¨orn ˇSkoda')).toBe('Björn Škoda')
    expect(composeAccents('Funda¸cão, Gon¸calves')).toBe('Fundação, Gonçalves')
  })

  it('leaves text without them, and accents with no letter to sit on, as they are', () => {
    expect(composeAccents('set `baud` to 4800 ^C ~/.config, `date`a')).toBe('set `baud` to 4800 ^C ~/.config, `date`a')
    expect(composeAccents('a lone ¨ mark, a¸b')).toBe('a lone ¨ mark, a¸b')
  })
})
