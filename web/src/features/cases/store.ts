import type { CaseStatus } from '@mw/sync-protocol'
import { create } from 'zustand'

interface CasesUiState {
  statusFilter: CaseStatus | 'all'
  setStatusFilter: (status: CaseStatus | 'all') => void
}

/** The case list's filter survives leaving the list and coming back. */
export const useCasesUi = create<CasesUiState>((set) => ({
  statusFilter: 'all',
  setStatusFilter: (statusFilter) => set({ statusFilter }),
}))
