import { FALLBACK_INITIALS } from '@mw/sync-protocol'
import { useState } from 'react'

/** The tenant's logo image; a letters badge when there is none or it fails to load. */
export function TenantLogo({ url, letters }: { url: string | null; letters: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  if (url && failedUrl !== url) {
    return <img className="tenant-logo" src={url} alt="" onError={() => setFailedUrl(url)} />
  }
  return (
    <span className="logo-badge" aria-hidden="true">
      {(letters || FALLBACK_INITIALS).slice(0, 2).toUpperCase()}
    </span>
  )
}
