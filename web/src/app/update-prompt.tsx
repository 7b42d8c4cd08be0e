import { useSyncExternalStore } from 'react'
import { applyUpdate, isUpdateWaiting, subscribeToUpdate } from './register-sw.ts'

/** Shown while a new version of the app waits; stays until the user reloads (no timeout). */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting)
  if (!waiting) return null
  return (
    <div role="status" className="update-prompt" style={promptStyle}>
      <span>A new version is available</span>
      <button type="button" className="btn btn-primary" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  )
}

const promptStyle = {
  position: 'fixed',
  insetInline: '1rem',
  bottom: '1rem',
  marginInline: 'auto',
  maxWidth: '24rem',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1rem',
  padding: '0.75rem 1rem',
  borderRadius: '0.5rem',
  background: '#0f172a',
  color: '#f8fafc',
  boxShadow: '0 4px 16px rgb(0 0 0 / 0.25)',
  zIndex: 100,
} as const
