import { TIMINGS } from '@mw/sync-protocol'
import * as RadixToast from '@radix-ui/react-toast'
import { useToastStore } from './toast-store.ts'

/** Radix Toast: 5 s, swipe right past 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const current = useToastStore((s) => s.current)
  const dismiss = useToastStore((s) => s.dismiss)
  return (
    <RadixToast.Provider
      duration={TIMINGS.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={TIMINGS.toastSwipeThresholdPx}
    >
      {current && (
        <RadixToast.Root
          key={current.id}
          className={`toast toast-${current.variant ?? 'default'}`}
          onOpenChange={(open) => {
            if (!open) dismiss(current.id)
          }}
        >
          <RadixToast.Title className="toast-title">{current.title}</RadixToast.Title>
          {current.description && (
            <RadixToast.Description className="toast-description">{current.description}</RadixToast.Description>
          )}
          {current.action && (
            <RadixToast.Action className="btn btn-secondary toast-action" altText={current.action.altText} asChild>
              <button type="button" onClick={current.action.run}>
                {current.action.label}
              </button>
            </RadixToast.Action>
          )}
          <RadixToast.Close className="toast-close" aria-label="Close">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="toast-viewport" hotkey={['F8']} />
    </RadixToast.Provider>
  )
}
