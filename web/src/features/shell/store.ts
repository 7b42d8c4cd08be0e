import { create } from 'zustand'

interface ShellState {
  navOpen: boolean
  syncPanelOpen: boolean
  setNavOpen: (open: boolean) => void
  setSyncPanelOpen: (open: boolean) => void
}

/** Open panels of the shell (the mobile navigation drawer and the sync panel). */
export const useShellStore = create<ShellState>((set) => ({
  navOpen: false,
  syncPanelOpen: false,
  setNavOpen: (navOpen) => set({ navOpen }),
  setSyncPanelOpen: (syncPanelOpen) => set({ syncPanelOpen }),
}))
