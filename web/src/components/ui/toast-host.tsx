import { lazy, Suspense } from 'react'

const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })))

/**
 * The toaster loads right after the first render, beside it rather than before it: it stays off
 * the critical path of the first load, yet is in memory before the network can drop.
 */
export function ToastHost() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
