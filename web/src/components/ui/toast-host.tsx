import { lazy, Suspense } from 'react'
import { useToastStore } from './toast-store.ts'

const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })))

/** Loads the toast code with the first toast, keeping it out of the first-load bundle. */
export function ToastHost() {
  const needed = useToastStore((s) => s.current !== null || s.everShown)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
