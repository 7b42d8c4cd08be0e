import { DEFAULT_TENANT } from '@mw/sync-protocol'
import { useParams } from 'react-router-dom'

/** The tenant slug of the current route; matching is case-insensitive, so it is lowercased. */
export function useTenant(): string {
  return (useParams().tenant ?? DEFAULT_TENANT).toLowerCase()
}
