import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { registerServiceWorker } from './app/register-sw.ts'
import { AppFailure } from './app/routes/app-failure.tsx'
import { warmStart } from './app/warm-start.ts'
import { listenForInstallPrompt } from './lib/install-prompt.ts'
import { installTrustedTypesPolicy } from './lib/trusted-types.ts'
import './styles/app.css'

installTrustedTypesPolicy()
listenForInstallPrompt()

const container = document.getElementById('root')
if (container) {
  void warmStart(window.location).then(() => renderApp(container))
}

function renderApp(container: HTMLElement) {
  const root = createRoot(container, {
    onUncaughtError: (error) => {
      console.error('Start-up failed', error)
      root.render(<AppFailure />)
    },
  })
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
  registerServiceWorker()
}
