import { LIMITS } from '@mw/sync-protocol'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useToastStore } from '../../../components/ui/toast-store.ts'
import { Composer } from './composer.tsx'

function Harness({
  onSend,
  streaming = false,
}: {
  onSend: (text: string, images: unknown[]) => Promise<boolean>
  streaming?: boolean
}) {
  const [draft, setDraft] = useState('')
  return <Composer draft={draft} onDraftChange={setDraft} onSend={onSend} streaming={streaming} />
}

const png = (name: string, bytes = 8) => new File([new Uint8Array(bytes)], name, { type: 'image/png' })

beforeEach(() => {
  useToastStore.setState({ current: null })
  // jsdom decodes no images: report a small picture so no resize is needed.
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 800, height: 600, close() {} })),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('composer', () => {
  test('Enter sends the trimmed text and clears; Shift+Enter adds a line', async () => {
    const onSend = vi.fn(async () => true)
    render(<Harness onSend={onSend} />)
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement
    await userEvent.type(box, '  Gyro alarm{Shift>}{Enter}{/Shift}second line')
    expect(onSend).not.toHaveBeenCalled()
    expect(box.value).toBe('  Gyro alarm\nsecond line')
    await userEvent.type(box, '{Enter}')
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Gyro alarm\nsecond line', [])
    expect(box.value).toBe('')
  })

  test('keeps the text when the message could not be saved', async () => {
    const onSend = vi.fn(async () => false)
    render(<Harness onSend={onSend} />)
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement
    await userEvent.type(box, 'Gyro alarm{Enter}')
    expect(onSend).toHaveBeenCalledOnce()
    expect(box.value).toBe('Gyro alarm')
  })

  test('text typed while the message is being saved stays', async () => {
    let save: (saved: boolean) => void = () => {}
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (save = resolve)))
    render(<Harness onSend={onSend} />)
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement
    await userEvent.type(box, 'First{Enter}')
    await userEvent.type(box, ' and more')
    save(true)
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false),
    )
    expect(box.value).toBe('First and more')
  })

  test('a blank message cannot be sent', async () => {
    const onSend = vi.fn(async () => true)
    render(<Harness onSend={onSend} />)
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement
    expect(send.disabled).toBe(true)
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}')
    expect(onSend).not.toHaveBeenCalled()
    expect(send.disabled).toBe(true)
  })

  test('sending is disabled while a stream runs', async () => {
    const onSend = vi.fn(async () => true)
    render(<Harness onSend={onSend} streaming />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Next question{Enter}')
    expect(onSend).not.toHaveBeenCalled()
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true)
  })

  test('grows with its text up to 128 px', () => {
    render(<Harness onSend={vi.fn(async () => true)} />)
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => 60 })
    fireEvent.change(box, { target: { value: 'two\nlines' } })
    expect(box.style.height).toBe('60px')
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => 500 })
    fireEvent.change(box, { target: { value: 'many\nmany\nlines' } })
    expect(box.style.height).toBe(`${LIMITS.composerMaxHeightPx}px`)
  })

  test.each([
    [
      'a GIF',
      new File([new Uint8Array(4)], 'anim.gif', { type: 'image/gif' }),
      'Invalid image type. Only JPEG, PNG, and WebP are allowed.',
    ],
    ['an 11 MB photo', png('huge.png', 11 * 1024 * 1024), 'Image too large. Maximum size is 10MB.'],
  ])('refuses %s with a toast', async (_name, file, message) => {
    render(<Harness onSend={vi.fn(async () => true)} />)
    await userEvent.upload(screen.getByLabelText('Attach images'), file, { applyAccept: false })
    await waitFor(() =>
      expect(useToastStore.getState().current).toMatchObject({ title: 'Image upload failed', description: message }),
    )
    expect(screen.queryByRole('list', { name: 'Attached images' })).toBeNull()
  })

  test('keeps at most 3 images and sends them with the text', async () => {
    const onSend = vi.fn(async () => true)
    render(<Harness onSend={onSend} />)
    await userEvent.upload(screen.getByLabelText('Attach images'), [
      png('a.png'),
      png('b.png'),
      png('c.png'),
      png('d.png'),
    ])
    const list = await screen.findByRole('list', { name: 'Attached images' })
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(3))
    expect((screen.getByRole('button', { name: 'Attach image' }) as HTMLButtonElement).disabled).toBe(true)
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'What is this?{Enter}')
    const images = (onSend.mock.calls as unknown[][])[0]?.[1] as { name: string; type: string; data: string }[]
    expect(images.map((i) => i.name)).toEqual(['a.png', 'b.png', 'c.png'])
    expect(images[0]?.data.startsWith('data:image/png;base64,')).toBe(true)
  })
})
