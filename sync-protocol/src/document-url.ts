/** The app route that opens a document at a PDF page or an HTML/Markdown section, the cited passage marked. */
export function documentUrl(
  tenant: string,
  documentId: string,
  at: { page: number | null; section: string | null; ordinal?: number },
) {
  const query: string[] = []
  if (at.page !== null) query.push(`page=${at.page}`)
  else if (at.section) query.push(`section=${encodeURIComponent(at.section)}`)
  if (at.ordinal !== undefined) query.push(`passage=${at.ordinal}`)
  const base = `/t/${tenant}/documents/${documentId}`
  return query.length ? `${base}?${query.join('&')}` : base
}

/** The original file of a document, whole or by byte range. */
export const documentFileUrl = (tenant: string, id: string) => `/api/t/${tenant}/documents/${id}/file`
