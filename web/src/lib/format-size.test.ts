import { describe, expect, test } from 'vitest'
import { formatSize } from './format-size.ts'

describe('formatSize', () => {
  test('reads bytes, kilobytes and megabytes as before', () => {
    expect(formatSize(106)).toBe('106 B')
    expect(formatSize(3 * 1024)).toBe('3 KB')
    expect(formatSize(1.8 * 1024 * 1024)).toBe('1.8 MB')
  })

  test('says gigabytes for a device quota or free disk space, not thousands of megabytes', () => {
    expect(formatSize(10 * 1024 ** 3)).toBe('10.0 GB')
    expect(formatSize(72.4 * 1024 ** 3)).toBe('72.4 GB')
    expect(formatSize(2 * 1024 ** 4)).toBe('2.0 TB')
  })
})
