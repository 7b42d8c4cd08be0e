import { useEffect } from 'react'
import { BrowserRouter } from 'react-router-dom'
import { ToastHost } from '../components/ui/toast-host.tsx'
import { useSessionStore } from '../lib/session-store.ts'
import { AppRoutes } from './router.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

export function App() {
  const load = useSessionStore((s) => s.load)
  useEffect(() => {
    void load()
  }, [load])
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <UpdatePrompt />
      <ToastHost />
    </>
  )
}
