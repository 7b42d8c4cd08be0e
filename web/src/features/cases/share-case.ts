import { apiFetch } from '../../lib/api-client.ts'

/**
 * Share Case: the service report PDF through the device's share sheet where it takes files (a
 * tablet sending it to the customer), else the case link (for members of the company), else the
 * link on the clipboard. Resolves to what was done.
 */
export async function shareCase(
  tenant: string,
  caseRow: { id: string; title: string },
  online: boolean,
): Promise<'file' | 'link' | 'copied'> {
  const url = `${window.location.origin}/t/${tenant}/cases/${caseRow.id}`
  if (online && typeof navigator.canShare === 'function') {
    const probe = new File([], 'report.pdf', { type: 'application/pdf' })
    if (navigator.canShare({ files: [probe] })) {
      const res = await apiFetch('GET', `/api/t/${tenant}/cases/${caseRow.id}/report.pdf`, { timeoutMs: 30_000 })
      const file = new File([await res.blob()], `Service report - ${caseRow.title}.pdf`, { type: 'application/pdf' })
      await navigator.share({ title: caseRow.title, files: [file] })
      return 'file'
    }
  }
  if (navigator.share) {
    await navigator.share({ title: caseRow.title, url })
    return 'link'
  }
  await navigator.clipboard.writeText(url)
  return 'copied'
}
