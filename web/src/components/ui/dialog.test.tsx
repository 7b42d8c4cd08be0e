import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, test } from 'vitest'
import { Dialog } from './dialog.tsx'

afterEach(cleanup)

function Opener() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        New Case
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="New Case">
        <input aria-label="Title" />
      </Dialog>
    </>
  )
}

test('closing a dialog gives keyboard focus back to the button that opened it', async () => {
  render(<Opener />)
  const button = screen.getByRole('button', { name: 'New Case' })
  button.focus()
  await userEvent.keyboard('{Enter}')
  await screen.findByRole('dialog', { name: 'New Case' })
  expect(document.activeElement).not.toBe(button)
  await userEvent.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(button)
})
