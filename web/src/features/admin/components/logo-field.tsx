import { tenantConfigSchema } from '@mw/sync-protocol'
import { useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { errorToast, toast } from '../../../components/ui/toast-store.ts'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'
import { useTenant } from '../../../lib/use-tenant.ts'

const LOGO_ACCEPT = 'image/png,image/webp,image/svg+xml'

/** Upload (PNG, WebP or SVG, at most 512 KB; the server re-encodes or sanitises it) or remove the tenant logo. */
export function LogoField({ logoUrl, onChange }: { logoUrl: string; onChange: (url: string) => void }) {
  const tenant = useTenant()
  const fileRef = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const send = async (method: 'PUT' | 'DELETE', file?: File) => {
    setBusy(true)
    try {
      const config = await apiRequest(method, `/api/t/${tenant}/admin/logo`, tenantConfigSchema, {
        body: file,
        timeoutMs: 30_000,
      })
      onChange(config.branding.logoUrl ?? '')
      toast({
        title: 'Configuration updated',
        description: method === 'PUT' ? 'The logo is uploaded.' : 'The logo is removed.',
      })
    } catch (error) {
      errorToast(
        'Update failed',
        error instanceof ApiError
          ? error.code === 'network'
            ? 'Uploading a logo needs a connection to the server.'
            : error.serverMessage
          : 'The logo could not be sent.',
      )
    } finally {
      setBusy(false)
    }
  }

  const uploaded = logoUrl.startsWith('/api/branding/')
  return (
    <div className="logo-field">
      {logoUrl && <img className="logo-preview" src={logoUrl} alt="Current logo" />}
      <input
        ref={fileRef}
        type="file"
        accept={LOGO_ACCEPT}
        hidden
        aria-label="Logo file"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void send('PUT', file)
        }}
      />
      <Button variant="secondary" disabled={busy} onClick={() => fileRef.current?.click()}>
        {busy ? 'Sending…' : 'Upload logo'}
      </Button>
      {uploaded && (
        <Button variant="ghost" disabled={busy} onClick={() => void send('DELETE')}>
          Remove logo
        </Button>
      )}
      <span className="muted">PNG, WebP or SVG, at most 512 KB.</span>
    </div>
  )
}
