import { describe, expect, it } from 'vitest'
import { everydayShare } from './everyday.ts'

describe('the everyday English prior', () => {
  it('gives a stem the share of 100-word passages holding any word of it', () => {
    // "nobody" 274 per million: about 2.7 % of passages.
    expect(everydayShare('nobodi')).toBeCloseTo(0.0274, 3)
    // "eat", "eats", "eating", "eaten" share the stem "eat": more than "eats" alone (13 per million).
    expect(everydayShare('eat')).toBeGreaterThan(0.02)
    expect(everydayShare('come')).toBeLessThanOrEqual(1)
  })

  it('knows no word of a manual’s own trade or a rare one', () => {
    for (const stem of ['nmea', 'transduc', 'teak', 'torqu', 'signalk']) expect(everydayShare(stem)).toBe(0)
  })
})
