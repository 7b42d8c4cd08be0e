import { TIMINGS } from '@mw/sync-protocol'
import * as RadixTooltip from '@radix-ui/react-tooltip'
import type { ReactElement } from 'react'

/**
 * Wraps one focusable element; the label shows 700 ms after hover or focus. Each tooltip brings
 * its own provider so the tooltip code loads with the screens that use it, not with the app shell.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <RadixTooltip.Provider delayDuration={TIMINGS.tooltipDelayMs}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="tooltip" sideOffset={6}>
            {label}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
