import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { stubViewport } from '../../../test/viewport.ts'
import { KnowledgeTab } from './knowledge-tab.tsx'

function renderKnowledge() {
  render(
    <MemoryRouter initialEntries={['/t/demo/admin']}>
      <Routes>
        <Route path="/t/:tenant/admin" element={<KnowledgeTab isAdmin />} />
      </Routes>
    </MemoryRouter>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the Knowledge tab’s upload area', () => {
  test('with a mouse it offers to drop files as well as the button', () => {
    stubViewport(false, false)
    renderKnowledge()
    expect(screen.getByText('Drop PDF, HTML, Markdown or text files here, or')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Upload documents' })).toBeTruthy()
  })

  test('on a touch screen, where nothing can be dragged, it offers only the button', () => {
    stubViewport(false, true)
    renderKnowledge()
    expect(screen.queryByText(/Drop/)).toBeNull()
    expect(screen.getByText('PDF, HTML, Markdown or text files')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Upload documents' })).toBeTruthy()
  })
})
