import type { ComponentProps } from 'react'

type Variant = 'primary' | 'secondary' | 'ghost' | 'destructive'

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: Variant }) {
  return <button type={type} className={`btn btn-${variant}${className ? ` ${className}` : ''}`} {...props} />
}
