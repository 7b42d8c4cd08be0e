import { describe, expect, test } from 'vitest'
import { QUOTA_MESSAGE } from '../sync/storage-problem.ts'
import { ApiError } from './api-client.ts'
import { errorText } from './error-text.ts'

describe('errorText', () => {
  test("gives the server's sentence, never its status and JSON", () => {
    const refused = new ApiError(403, 'forbidden', '403: {"error":{"code":"forbidden"}}', 'Only admins can do that.')
    expect(errorText(refused)).toBe('Only admins can do that.')
  })

  test('says the network is needed when no answer came', () => {
    const offline = new ApiError(
      0,
      'network',
      '0: The server could not be reached.',
      'The server could not be reached.',
    )
    expect(errorText(offline)).toBe('This needs the network. Try again online.')
  })

  test("says the device is full instead of the browser's storage error", () => {
    const full = new DOMException(
      'Encountered full disk while opening backing store for indexedDB.open.',
      'QuotaExceededError',
    )
    expect(errorText(full)).toBe(QUOTA_MESSAGE)
  })

  test("keeps a program's own message off the screen", () => {
    expect(errorText(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe('Please try again.')
    expect(errorText(new Error('x'), 'Try again in a moment.')).toBe('Try again in a moment.')
  })
})
