import type { ReactNode } from 'react'

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success'

export function Badge({ variant = 'default', children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={`badge badge-${variant}`}>{children}</span>
}
