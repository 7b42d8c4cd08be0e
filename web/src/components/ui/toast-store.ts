/** The one notification queue: the product shows one toast at a time, so a new toast replaces the old. */
import { create } from 'zustand'

export interface ToastMessage {
  id: number
  title: string
  description?: string
  variant?: 'default' | 'destructive'
  /** One button in the toast (e.g. Undo); `altText` tells screen readers how else to do it. */
  action?: { label: string; altText: string; run: () => void }
}

interface ToastState {
  current: ToastMessage | null
  show: (toast: Omit<ToastMessage, 'id'>) => void
  dismiss: (id: number) => void
}

let nextId = 1

export const useToastStore = create<ToastState>((set) => ({
  current: null,
  show: (toast) => set({ current: { ...toast, id: nextId++ } }),
  dismiss: (id) => set((s) => (s.current?.id === id ? { current: null } : s)),
}))

/** Shows a toast from anywhere (event handlers, hooks). */
export function toast(message: Omit<ToastMessage, 'id'>): void {
  useToastStore.getState().show(message)
}

export function errorToast(title: string, description?: string): void {
  toast({ title, description, variant: 'destructive' })
}
