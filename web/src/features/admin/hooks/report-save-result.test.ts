import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useToastStore } from '../../../components/ui/toast-store.ts'
import { reportSaveResult } from './report-save-result.ts'

const assign = vi.fn()

beforeEach(() => {
  vi.useFakeTimers()
  useToastStore.setState({ current: null })
  vi.stubGlobal('location', { ...window.location, assign })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  assign.mockReset()
})

const toast = () => useToastStore.getState().current

describe('admin save feedback', () => {
  test('applied: the success toast', () => {
    expect(reportSaveResult('applied', 'Model configuration updated')).toBe(true)
    expect(toast()).toMatchObject({ title: 'Model configuration updated' })
  })

  test('refused: "Update failed" with the server reason, or the fallback', () => {
    expect(
      reportSaveResult({ rejected: true, reason: 'Temperature must be at most 2.', code: 'invalid_input' }, 'x'),
    ).toBe(false)
    expect(toast()).toMatchObject({
      title: 'Update failed',
      description: 'Temperature must be at most 2.',
      variant: 'destructive',
    })
    reportSaveResult({ rejected: true, reason: '', code: 'forbidden' }, 'Role updated', 'Failed to update user role')
    expect(toast()).toMatchObject({ title: 'Update failed', description: 'Failed to update user role' })
  })

  test('unauthorized: says so and goes to sign-in after 0.5 s', () => {
    reportSaveResult({ rejected: true, reason: 'Sign in again.', code: 'unauthorized' }, 'Configuration updated')
    expect(toast()).toMatchObject({ title: 'Unauthorized', description: 'You are logged out. Logging in again...' })
    vi.advanceTimersByTime(499)
    expect(assign).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(assign).toHaveBeenCalledWith('/api/login')
  })

  test('offline: saved on this device, to sync later', () => {
    expect(reportSaveResult('pending', 'Configuration updated')).toBe(false)
    expect(toast()?.title).toBe('Saved on this device')
  })
})
