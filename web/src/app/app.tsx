import { BrowserRouter } from 'react-router-dom'
import { ToastHost } from '../components/ui/toast-host.tsx'
import { AppRoutes } from './router.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

export function App() {
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
