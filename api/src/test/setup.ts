import { afterEach, vi } from 'vitest'

// An unexpected console.error is a failed test (Epic Stack's rule): errors must be asserted, not printed.
const consoleError = vi.spyOn(console, 'error')
afterEach(() => {
  const calls = consoleError.mock.calls
  consoleError.mockClear()
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`)
})
