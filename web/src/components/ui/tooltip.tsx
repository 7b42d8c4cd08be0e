import * as RadixTooltip from '@radix-ui/react-tooltip'
import { TIMINGS } from '@mw/sync-protocol'
import type { ReactElement, ReactNode } from 'react'

export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={TIMINGS.tooltipDelayMs}>{children}</RadixTooltip.Provider>
}

/** Wraps one focusable element; the label shows after 700 ms on hover or focus. */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" sideOffset={6}>
          {label}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  )
}
