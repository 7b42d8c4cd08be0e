import { useEffect, useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { ToastProvider } from '../components/ui/toaster.tsx'
import { TooltipProvider } from '../components/ui/tooltip.tsx'
import { useSessionStore } from '../lib/session-store.ts'
import { routes } from './router.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

export function App() {
  const [router] = useState(() => createBrowserRouter(routes))
  const load = useSessionStore((s) => s.load)
  useEffect(() => {
    void load()
  }, [load])
  return (
    <ToastProvider>
      <TooltipProvider>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </TooltipProvider>
    </ToastProvider>
  )
}
