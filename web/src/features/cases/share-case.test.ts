import { afterEach, describe, expect, test, vi } from 'vitest'
import { shareCase } from './share-case.ts'

const row = { id: '0193a000-0000-7000-8000-000000000001', title: 'Gyro alarm' }

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Share Case', () => {
  test('sends the service report PDF through the share sheet where it takes files', async () => {
    const share = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, canShare: () => true, share, onLine: true })
    const fetched = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }),
      )
    expect(await shareCase('demo', row, true)).toBe('file')
    expect(String(fetched.mock.calls[0]?.[0])).toContain(`/api/t/demo/cases/${row.id}/report.pdf`)
    const files = (share.mock.calls[0] as unknown as [{ files: File[] }])[0].files
    expect(files[0]?.name).toBe('Service report - Gyro alarm.pdf')
    expect(files[0]?.type).toBe('application/pdf')
  })

  test('shares the link offline, and copies it where nothing can be shared', async () => {
    const share = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, canShare: () => true, share })
    expect(await shareCase('demo', row, false)).toBe('link')
    expect(share).toHaveBeenCalledWith({ title: 'Gyro alarm', url: `${window.location.origin}/t/demo/cases/${row.id}` })

    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, share: undefined, canShare: undefined, clipboard: { writeText } })
    expect(await shareCase('demo', row, true)).toBe('copied')
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/t/demo/cases/${row.id}`)
  })
})
