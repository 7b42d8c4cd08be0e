import { afterEach, expect, test } from 'vitest'
import { useToastStore } from '../../components/ui/toast-store.ts'
import { QUOTA_MESSAGE } from '../../sync/storage-problem.ts'
import { saveCaseChange } from './save-change.ts'

afterEach(() => useToastStore.setState({ current: null }))

test('a case change that a full device cannot keep says so, not the browser error', async () => {
  const full = new DOMException(
    'Encountered full disk while opening backing store for indexedDB.open.',
    'QuotaExceededError',
  )
  expect(await saveCaseChange(() => Promise.reject(full))).toBe(false)
  expect(useToastStore.getState().current).toMatchObject({ title: 'Update failed', description: QUOTA_MESSAGE })
})
