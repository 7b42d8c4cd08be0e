import { documentAnswerSchema, documentListSchema, type Expert, type KbDocument, LIMITS } from '@mw/sync-protocol'
import { apiFetch, apiRequest } from '../../lib/api-client.ts'

/**
 * The knowledge base is managed online (the files live on the server), so these are plain API
 * calls, not outbox writes; each carries an Idempotency-Key so a retried click cannot add twice.
 */
const files = (list: File[]) => {
  const body = new FormData()
  for (const file of list) body.append('file', file, file.name)
  return body
}

/** Uploads the manuals, LIMITS.documentsPerUpload to a request, one request after the other. */
export async function uploadDocuments(tenant: string, expert: Expert, list: File[]) {
  const documents: KbDocument[] = []
  for (let start = 0; start < list.length; start += LIMITS.documentsPerUpload) {
    const batch = list.slice(start, start + LIMITS.documentsPerUpload)
    const answer = await apiRequest('POST', `/api/t/${tenant}/experts/${expert}/documents`, documentListSchema, {
      body: files(batch),
      idempotencyKey: crypto.randomUUID(),
    })
    documents.push(...answer.documents)
  }
  return { documents }
}

export const replaceDocumentFile = (tenant: string, id: string, file: File) =>
  apiRequest('PUT', `/api/t/${tenant}/documents/${id}/file`, documentAnswerSchema, {
    body: files([file]),
    idempotencyKey: crypto.randomUUID(),
  })

export const renameDocument = (tenant: string, id: string, title: string) =>
  apiRequest('PATCH', `/api/t/${tenant}/documents/${id}`, documentAnswerSchema, {
    body: { title },
    idempotencyKey: crypto.randomUUID(),
  })

/** The equipment models a manual covers: answers about a case with one of them cite it first. */
export const setDocumentModels = (tenant: string, id: string, models: string[]) =>
  apiRequest('PATCH', `/api/t/${tenant}/documents/${id}`, documentAnswerSchema, {
    body: { models },
    idempotencyKey: crypto.randomUUID(),
  })

export const deleteDocument = (tenant: string, id: string) =>
  apiFetch('DELETE', `/api/t/${tenant}/documents/${id}`, { idempotencyKey: crypto.randomUUID() })
